import type { PublicTableResponse } from '@carta/contract/tables';
import { chrome, tableLabel } from './chrome.ts';
import {
  Contacts,
  type LanguageChoice,
  LanguageSwitch,
  Logo,
  WaiterButton,
  type WaiterLinks,
} from './menu-page.tsx';
import type { GuestLanguage } from './messages.ts';

type OpenTable = Extract<PublicTableResponse, { state: 'open' }>;

/** The menus a table has now, to pick one. */
export const TablePage = ({
  table,
  language,
  languages,
  menuHref,
  nextOpening,
  waiter,
}: {
  table: OpenTable;
  language: GuestLanguage;
  languages: LanguageChoice[];
  menuHref: (menuId: number) => string;
  nextOpening: string | null;
  waiter: WaiterLinks | null;
}) => {
  const words = chrome[language];
  return (
    <>
      <header className="top">
        <Logo image={table.logoImage} />
        <div className="titles">
          <h1>{table.clubName}</h1>
          <p className="table">{tableLabel(words, table.tableName)}</p>
        </div>
        <LanguageSwitch choices={languages} words={words} />
      </header>
      <main className="list">
        {table.menu.length === 0 ? (
          <div className="notice-inline">
            <h2>{words.noMenuTitle}</h2>
            <p>{words.noMenuText}</p>
            {nextOpening && <p>{nextOpening}</p>}
          </div>
        ) : (
          <>
            <h2>{words.menus}</h2>
            <ul className="menus">
              {table.menu.map((menu) => (
                <li key={menu.id}>
                  <a href={menuHref(menu.id)}>
                    {menu.translations[language as keyof typeof menu.translations] || menu.name}
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
        {table.hasMenusWithheld && <p className="withheld">{words.menusWithheld}</p>}
      </main>
      <Contacts club={table} words={words} />
      <WaiterButton
        links={table.callWaiterEnabled ? waiter : null}
        tableName={table.tableName}
        words={words}
      />
    </>
  );
};
