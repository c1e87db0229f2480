// The guest page's only script, small and optional: the page is whole without it. It adds search and
// the allergen filter without a round trip, follows the scroll in the section bar, remembers the
// language on this device, refreshes the menu in place every `data-refresh` seconds, sends the
// call-waiter form in place and opens dishes' photos larger.

import { matchesSearch, searchWords } from '@carta/contract/search-text';
import type { GuestWaiterCall } from '@carta/contract/waiter-calls';

const LANGUAGE_KEY = 'carta-guest-language';
const root = document.documentElement;

// Language: a choice made here is remembered; a page opened without ?lang follows it.
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
    remembered !== root.lang &&
    offered.includes(remembered)
  ) {
    url.searchParams.set('lang', remembered);
    location.replace(url.toString());
  }
} catch {
  // Storage unavailable: the browser's language stays.
}

/** The list as the server last sent it (before search and filter marks), to tell a real change. */
let renderedHtml = document.querySelector('main')?.innerHTML ?? '';
const tools = document.querySelector<HTMLElement>('.tools');
const search = document.querySelector<HTMLInputElement>('.search');
const empty = document.querySelector<HTMLElement>('.tools .empty');
const clear = document.querySelector<HTMLButtonElement>('.tools .clear');
const filtered = document.querySelector<HTMLElement>('.filtered');
const chips = [...document.querySelectorAll<HTMLInputElement>('.chips input')];
const filterLabel = document.querySelector<HTMLElement>('.filter summary');
const hideMode = document.querySelector<HTMLInputElement>('.mode input[value=hide]');
const markMode = document.querySelector<HTMLInputElement>('.mode input[value=mark]');

// The allergen filter is remembered on this device, for every venue: allergies go where the guest goes.
// Allergens this menu does not list stay remembered for the next menu that does.
const ALLERGENS_KEY = 'carta-guest-allergens';
type AllergenFilter = { avoid: string[]; hide: boolean };
const readFilter = (): AllergenFilter => {
  try {
    const saved = JSON.parse(localStorage.getItem(ALLERGENS_KEY) ?? 'null') as Partial<AllergenFilter> | null;
    return {
      avoid: Array.isArray(saved?.avoid) ? saved.avoid.filter((code) => typeof code === 'string') : [],
      hide: saved?.hide === true,
    };
  } catch {
    return { avoid: [], hide: false };
  }
};
const saveFilter = () => {
  const offered = chips.map((input) => input.value);
  const filter: AllergenFilter = {
    avoid: [
      ...readFilter().avoid.filter((code) => !offered.includes(code)),
      ...chips.filter((input) => input.checked).map((input) => input.value),
    ],
    hide: hideMode?.checked === true,
  };
  try {
    localStorage.setItem(ALLERGENS_KEY, JSON.stringify(filter));
  } catch {
    // Private mode: the filter holds while the page stays open.
  }
};

/**
 * Search hides what does not match; avoided allergens mark the dishes that contain them, or hide them,
 * as the guest chose. A category left with nothing to show goes too, and a line says how many dishes the
 * filter took away.
 */
const apply = () => {
  const words = searchWords(search?.value ?? '');
  const avoided = chips.filter((input) => input.checked).map((input) => input.value);
  const isHiding = hideMode?.checked === true;
  let shown = 0;
  let hiddenByFilter = 0;
  for (const section of document.querySelectorAll<HTMLElement>('.section')) {
    let inSection = 0;
    for (const item of section.querySelectorAll<HTMLElement>('.item')) {
      const matches = matchesSearch(words, item.dataset.text ?? '');
      const allergens = (item.dataset.allergens ?? '').split(' ');
      const isAvoided = avoided.some((code) => allergens.includes(code));
      const isHidden = isHiding && isAvoided;
      item.classList.toggle('hide', !matches || isHidden);
      item.classList.toggle('warn', isAvoided && !isHiding);
      if (matches && isHidden) hiddenByFilter += 1;
      if (matches && !isHidden) inSection += 1;
    }
    section.hidden = inSection === 0;
    shown += inSection;
  }
  // With nothing to show the bar keeps every category (no empty strip): a tap on one clears the search.
  for (const section of document.querySelectorAll<HTMLElement>('.section')) {
    const tab = document.querySelector<HTMLElement>(`.tabs a[href="#${section.id}"]`);
    if (tab) tab.hidden = shown > 0 && section.hidden;
  }
  if (empty) empty.hidden = shown > 0;
  if (clear) clear.hidden = words.length === 0;
  // An active filter shows in the panel's closed line after a reload: "Evito: Uova, Latte".
  const names = chips.filter((input) => input.checked).map((input) => input.parentElement?.textContent);
  if (filterLabel) {
    filterLabel.textContent = `${filterLabel.dataset.label}${names.length > 0 ? `: ${names.join(', ')}` : '…'}`;
    filterLabel.classList.toggle('on', names.length > 0);
  }
  if (filtered) {
    filtered.hidden = hiddenByFilter === 0;
    filtered.textContent = (
      (hiddenByFilter === 1 ? filtered.dataset.one : filtered.dataset.many) ?? ''
    ).replace('{count}', String(hiddenByFilter));
  }
};

if (tools) {
  const remembered = readFilter();
  for (const input of chips) input.checked = remembered.avoid.includes(input.value);
  if (remembered.hide && hideMode) hideMode.checked = true;
  else if (markMode) markMode.checked = true;
  apply();
  search?.addEventListener('input', apply);
  const clearSearch = () => {
    if (!search?.value) return;
    search.value = '';
    apply();
  };
  clear?.addEventListener('click', () => {
    clearSearch();
    search?.focus();
  });
  // A category tapped while the search shows nothing brings the menu back and goes to it.
  document.querySelector('.tabs')?.addEventListener('click', () => {
    if (empty && !empty.hidden) clearSearch();
  });
  for (const input of [...chips, hideMode, markMode])
    input?.addEventListener('change', () => {
      saveFilter();
      apply();
    });
}

// The section bar follows the scroll.
const tabs = new Map(
  [...document.querySelectorAll<HTMLAnchorElement>('.tabs a')].map((link) => [link.hash.slice(1), link]),
);
if (tabs.size > 0 && 'IntersectionObserver' in window) {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        for (const link of tabs.values()) link.classList.remove('on');
        const link = tabs.get(entry.target.id);
        link?.classList.add('on');
        link?.scrollIntoView({ block: 'nearest', inline: 'center' });
      }
    },
    { rootMargin: '-20% 0px -70% 0px' },
  );
  for (const section of document.querySelectorAll('.section')) observer.observe(section);
}

// Freshness: the same address again; an unchanged menu costs a 304, a changed one replaces the list.
const refreshSeconds = Number(root.dataset.refresh);
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
        apply();
      }
      etag = next;
    } catch {
      // Offline: keep what is on screen.
    }
  }, refreshSeconds * 1000);
}

// Call waiter: the form is sent in place, then the call is followed until staff close it.
const waiter = document.querySelector<HTMLDetailsElement>('.waiter');
if (waiter) {
  const words = waiter.dataset;
  const call = words.call ?? '';
  const label = waiter.querySelector<HTMLElement>('.waiter-label');
  const form = waiter.querySelector('form');
  const button = form?.querySelector('button');
  const status = waiter.querySelector<HTMLElement>('.waiter-status');
  // A call made from this table on this phone is followed again when the page is opened again.
  const CALL_KEY = `carta-call:${call}`;
  let polling: number | undefined;
  const remember = (open: boolean) => {
    try {
      if (open) sessionStorage.setItem(CALL_KEY, '1');
      else sessionStorage.removeItem(CALL_KEY);
    } catch {
      // Private mode: the call is followed while the page stays open.
    }
  };
  const show = (state: GuestWaiterCall) => {
    const open = state.status !== 'none';
    waiter.dataset.state = state.status;
    // The button's words and the panel's line for each state of the call.
    // (No destructuring here: esbuild cannot lower it for Safari 14, the oldest phones served.)
    const texts = {
      open: [words.notified, words.notifiedText],
      acknowledged: [words.onTheWay, words.onTheWayText],
      none: [words.idle, ''],
    }[state.status];
    if (label) label.textContent = texts[0] ?? '';
    if (form) form.hidden = open;
    if (status) status.textContent = texts[1] ?? '';
    remember(open);
    if (open && polling === undefined) polling = window.setInterval(follow, 5000);
    if (!open && polling !== undefined) {
      clearInterval(polling);
      polling = undefined;
    }
  };
  const follow = async () => {
    if (document.hidden) return;
    try {
      const response = await fetch(call, { cache: 'no-store' });
      if (response.ok) show((await response.json()) as GuestWaiterCall);
    } catch {
      // No signal: the next turn tries again.
    }
  };
  form?.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (button) button.disabled = true;
    try {
      const response = await fetch(call, { method: 'POST' });
      if (response.ok) {
        show((await response.json()) as GuestWaiterCall);
        waiter.open = false;
      } else if (status) status.textContent = (response.status === 429 ? words.tooSoon : words.failed) ?? '';
    } catch {
      if (status) status.textContent = words.failed ?? '';
    } finally {
      if (button) button.disabled = false;
    }
  });
  // Escape closes the confirmation and gives the focus back to the button.
  waiter.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !waiter.open) return;
    waiter.open = false;
    waiter.querySelector('summary')?.focus();
  });
  let called = false;
  try {
    called = sessionStorage.getItem(CALL_KEY) === '1';
  } catch {
    // Nothing remembered.
  }
  if (called) void follow();
}

// Dishes' photos: a tap opens the larger one in a modal dialog (Escape, the button or a tap outside
// closes it, and the focus goes back to the thumbnail). Where <dialog> is missing the link opens the
// image itself. Listened on <main>, whose content the refresh replaces.
const list = document.querySelector<HTMLElement>('main');
if (list && 'HTMLDialogElement' in window) {
  let viewer: HTMLDialogElement | null = null;
  let opener: HTMLElement | null = null;
  const viewerOf = () => {
    if (viewer) return viewer;
    const dialog = document.createElement('dialog');
    dialog.className = 'photo';
    const image = document.createElement('img');
    image.alt = '';
    image.sizes = '(min-width: 34rem) 30rem, 92vw';
    const caption = document.createElement('p');
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = list.dataset.close ?? '×';
    close.addEventListener('click', () => dialog.close());
    dialog.append(image, caption, close);
    // A tap on the backdrop (the dialog's own box, outside its content) closes it.
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) dialog.close();
    });
    dialog.addEventListener('close', () => opener?.focus());
    document.body.append(dialog);
    viewer = dialog;
    return dialog;
  };
  list.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a.ph');
    const thumbnail = link?.querySelector('img');
    if (!link || !thumbnail) return;
    event.preventDefault();
    const dialog = viewerOf();
    const image = dialog.querySelector('img');
    const caption = dialog.querySelector('p');
    if (!image || !caption) return;
    // The thumbnail's own proportions hold the room of the larger image while it loads.
    if (thumbnail.naturalWidth > 0) {
      image.width = thumbnail.naturalWidth;
      image.height = thumbnail.naturalHeight;
    }
    image.srcset = thumbnail.srcset;
    image.src = link.href;
    const name = link.closest('.item')?.querySelector('h3')?.textContent ?? '';
    caption.textContent = name;
    dialog.setAttribute('aria-label', thumbnail.alt);
    opener = link;
    dialog.showModal();
    dialog.querySelector('button')?.focus();
  });
}

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
