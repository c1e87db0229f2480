// When the page opens: the remembered allergen filter comes back, and the search and the filter's
// controls mark the list as the guest uses them.

import {
  applyFilter,
  chips,
  clear,
  empty,
  hideMode,
  markMode,
  readFilter,
  saveFilter,
  search,
  tools,
} from './menu-filter';

if (tools) {
  const remembered = readFilter();
  for (const input of chips) input.checked = remembered.avoid.includes(input.value);
  if (remembered.hide && hideMode) hideMode.checked = true;
  else if (markMode) markMode.checked = true;
  applyFilter();
  search?.addEventListener('input', applyFilter);
  const clearSearch = () => {
    if (!search?.value) return;
    search.value = '';
    applyFilter();
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
      applyFilter();
    });
}
