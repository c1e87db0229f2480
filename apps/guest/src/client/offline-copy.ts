// Offline copy: registered once the page is up, so it never delays the first visit.
if ('serviceWorker' in navigator) {
  addEventListener('load', () => {
    navigator.serviceWorker
      .register('/public/sw.js', { scope: '/public/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => registration.active?.postMessage({ save: location.href }))
      .catch(() => {});
  });
}
