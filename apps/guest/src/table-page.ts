import type { PublicTableResponse } from '@carta/contract/tables';
import { chrome } from './chrome.ts';
import { guestLinks, type WifiLinks } from './guest-links.ts';
import { type Html, html, type Text } from './html.ts';
import {
  contacts,
  type LanguageChoice,
  languageSwitch,
  logo,
  tableText,
  type WaiterLinks,
  waiterButton,
} from './menu-page.ts';
import type { GuestLanguage } from './messages.ts';
import type { PageSeo } from './seo-fields.ts';

type OpenTable = Extract<PublicTableResponse, { state: 'open' }>;

export type TablePageProps = {
  /** The table's view; its name is `tableName`, which may be filled per table. */
  table: OpenTable;
  tableName: Text;
  language: GuestLanguage;
  languages: LanguageChoice[];
  menuHref: (menuId: number) => Text;
  nextOpening: string | null;
  waiter: WaiterLinks | null;
  /** Where a tap on the club's Wi-Fi asks; null shows no Wi-Fi (the owner's preview). */
  wifi?: WifiLinks | null;
  /** Share tags and structured data (0087); none on the owner's preview. */
  seo?: PageSeo | null;
};

/** The menus a table has now, to pick one. */
export const tablePage = ({
  table,
  tableName,
  language,
  languages,
  menuHref,
  nextOpening,
  waiter,
  wifi = null,
}: TablePageProps): Html => {
  const words = chrome[language];
  return html`<header class="top">${logo(table.logoImage)}<div class="titles"><h1>${table.clubName}</h1><p class="table">${tableText(words, tableName)}</p></div>${languageSwitch(languages, words)}</header>${guestLinks(table.clubLinks, wifi, words)}<main class="list">${
    table.menu.length === 0
      ? html`<div class="notice-inline"><h2>${words.noMenuTitle}</h2><p>${words.noMenuText}</p>${nextOpening && html`<p>${nextOpening}</p>`}</div>`
      : html`<h2>${words.menus}</h2><ul class="menus">${table.menu.map(
          (menu) =>
            html`<li><a href="${menuHref(menu.id)}">${menu.translations[language as keyof typeof menu.translations] || menu.name}</a></li>`,
        )}</ul>`
  }${table.hasMenusWithheld && html`<p class="withheld">${words.menusWithheld}</p>`}</main>${contacts(table, words)}${waiterButton(
    table.callWaiterEnabled ? waiter : null,
    tableName,
    words,
  )}`;
};
