// Search and the allergen filter, without a round trip: the page's controls, what the guest chose and
// the marks it puts on the list. `filter-controls.ts` wires them when the page opens.

import { matchesSearch, searchWords } from '@carta/contract/search-text';

export const tools = document.querySelector<HTMLElement>('.tools');
export const search = document.querySelector<HTMLInputElement>('.search');
export const empty = document.querySelector<HTMLElement>('.tools .empty');
export const clear = document.querySelector<HTMLButtonElement>('.tools .clear');
const filtered = document.querySelector<HTMLElement>('.filtered');
export const chips = [...document.querySelectorAll<HTMLInputElement>('.chips input')];
const filterLabel = document.querySelector<HTMLElement>('.filter summary');
export const hideMode = document.querySelector<HTMLInputElement>('.mode input[value=hide]');
export const markMode = document.querySelector<HTMLInputElement>('.mode input[value=mark]');

// The allergen filter is remembered on this device, for every venue: allergies go where the guest goes.
// Allergens this menu does not list stay remembered for the next menu that does.
const ALLERGENS_KEY = 'carta-guest-allergens';
type AllergenFilter = { avoid: string[]; hide: boolean };
export const readFilter = (): AllergenFilter => {
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
export const saveFilter = () => {
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
export const applyFilter = () => {
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
