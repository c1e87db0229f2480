// The guest's language: a choice made here is remembered on this device, and a page opened without
// ?lang follows it.

const LANGUAGE_KEY = 'carta-guest-language';

for (const link of document.querySelectorAll<HTMLAnchorElement>('.langs a')) {
  link.addEventListener('click', () => {
    try {
      localStorage.setItem(LANGUAGE_KEY, link.hreflang);
    } catch {
      // Private mode: nothing to remember.
    }
  });
}
try {
  const remembered = localStorage.getItem(LANGUAGE_KEY);
  const url = new URL(location.href);
  const offered = [...document.querySelectorAll<HTMLAnchorElement>('.langs a')].map((link) => link.hreflang);
  if (
    remembered &&
    !url.searchParams.has('lang') &&
    remembered !== document.documentElement.lang &&
    offered.includes(remembered)
  ) {
    url.searchParams.set('lang', remembered);
    location.replace(url.toString());
  }
} catch {
  // Storage unavailable: the browser's language stays.
}
