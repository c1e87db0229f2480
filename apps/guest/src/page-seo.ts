import { type Html, html } from './html.ts';
import { type MenuPageProps, menuName, sectionName } from './menu-page.ts';
import type { PageSeo } from './seo-fields.ts';
import { logoShareImage, menuShareImage, shareDescription, shareTags } from './share-tags.ts';
import { menuStructuredData, tableStructuredData } from './structured-data.ts';
import type { TablePageProps } from './table-page.ts';

// What a guest page tells search engines and chats (0087): share tags in the head, structured data in
// the body after what guests read, where it delays nothing they see. On a menu's page it follows the
// list straight away, in the same compressed part (no table's slot between them, lib/spliced-gzip.ts in
// the API), so its dishes' names are back-references to the list's.

/** The head's tags and the page's structured data; nothing for a page without `seo`. */
export type SeoParts = { head: Html; data: Html } | null;

export const menuPageSeo = (props: MenuPageProps, seo: PageSeo | null | undefined): SeoParts => {
  if (!seo) return null;
  const { menu, clubName, language } = props;
  return {
    head: shareTags({
      title: `${menuName(menu, language)} · ${clubName}`,
      description: shareDescription(
        menu.sections.map((section) => sectionName(section, language)),
        menu.clubAddress,
      ),
      siteName: clubName,
      language,
      image: menuShareImage(menu, seo.origin),
      seo,
    }),
    data: menuStructuredData(menu, clubName, language, seo),
  };
};

export const tablePageSeo = (props: TablePageProps, seo: PageSeo | null | undefined): SeoParts => {
  if (!seo) return null;
  const { table, language } = props;
  return {
    head: shareTags({
      title: table.clubName,
      description: shareDescription(
        table.menu.map((menu) => menu.translations[language as keyof typeof menu.translations] || menu.name),
        table.clubAddress,
      ),
      siteName: table.clubName,
      language,
      image: logoShareImage(table.logoImage, seo.origin),
      seo,
    }),
    data: tableStructuredData(table, table.clubName, seo),
  };
};

/** A page never meant for search engines (the owner's preview, the Wi-Fi's page). */
export const NO_INDEX = html`<meta name="robots" content="noindex,nofollow">`;
