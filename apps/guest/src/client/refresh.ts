// Freshness: the same address again every `data-refresh` seconds; an unchanged menu costs a 304, a
// changed one replaces the list.

import { applyFilter } from './menu-filter';

/** The list as the server last sent it (before search and filter marks), to tell a real change. */
let renderedHtml = document.querySelector('main')?.innerHTML ?? '';
const refreshSeconds = Number(document.documentElement.dataset.refresh);
if (refreshSeconds > 0) {
  let etag: string | null = null;
  setInterval(async () => {
    if (document.hidden) return;
    try {
      const response = await fetch(location.href, {
        headers: { 'x-carta-refresh': '1', ...(etag ? { 'if-none-match': etag } : {}) },
        cache: 'no-store',
      });
      if (response.status !== 200) return;
      const next = response.headers.get('etag');
      // A changed page replaces the list in place: the scroll, the search and the filter stay.
      const fresh = new DOMParser().parseFromString(await response.text(), 'text/html').querySelector('main');
      const current = document.querySelector('main');
      if (fresh && current && fresh.innerHTML !== renderedHtml) {
        renderedHtml = fresh.innerHTML;
        current.innerHTML = fresh.innerHTML;
        applyFilter();
      }
      etag = next;
    } catch {
      // Offline: keep what is on screen.
    }
  }, refreshSeconds * 1000);
}
