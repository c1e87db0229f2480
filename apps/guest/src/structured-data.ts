import { DEFAULT_CURRENCY } from '@carta/contract/format-price';
import type { GuestImage, GuestItem, GuestMenu } from '@carta/contract/guest';
import { Html } from './html.ts';
import { itemTexts, menuName, sectionName } from './menu-page.ts';
import type { PageSeo } from './seo-fields.ts';

// What search engines read of a guest page: schema.org `Restaurant` with its address and ways to reach
// it and, on a menu's page, `hasMenu` with every category and dish, in the page's reading language
// (docs/decisions/0087-structured-data-and-guest-links.md). The same for every table: no slot inside.

type Club = Pick<
  GuestMenu,
  'clubDisplayPhone' | 'clubFacebook' | 'clubInstagram' | 'clubWebsite' | 'clubLinks' | 'logoImage'
>;

/** An address of the site made absolute; addresses already absolute stay. */
export const absoluteUrl = (origin: string, address: string) => new URL(address, `${origin}/`).href;

/** The largest width of a guest image (the last of its srcset), else its own source. */
export const largestOf = (image: GuestImage) => image.srcset?.split(', ').at(-1)?.split(' ')[0] ?? image.src;

const offerOf = (price: number, outOfStock: boolean, name?: string) => ({
  '@type': 'Offer',
  ...(name ? { name } : {}),
  price: price.toFixed(2),
  priceCurrency: DEFAULT_CURRENCY,
  ...(outOfStock ? { availability: 'https://schema.org/OutOfStock' } : {}),
});

/**
 * A dish: its texts and price, or one offer per variant ("Calice", "Bottiglia"). A price written as
 * words ("market price") makes no offer. No photo: its address would cost every dish about 80 bytes
 * more before compression, and the share tags carry one. `suitableForDiet` is left out: the menus have
 * no diet marker yet, and the absence of an allergen does not make a dish fit a diet.
 */
const menuItemOf = (item: GuestItem, language: string) => {
  const { name, description } = itemTexts(item, language);
  const variants = item.variants ?? [];
  const offers =
    variants.length > 0
      ? variants.map((variant) =>
          offerOf(
            variant.price,
            item.outOfStock,
            variant.nameTranslations[language as keyof typeof variant.nameTranslations] || variant.name,
          ),
        )
      : item.price !== null && !item.priceText
        ? offerOf(item.price, item.outOfStock)
        : null;
  return {
    '@type': 'MenuItem',
    name,
    ...(description ? { description } : {}),
    ...(offers ? { offers } : {}),
  };
};

/** The restaurant: name, address, telephone, website and social pages, logo, booking link. */
const restaurantOf = (club: Club, clubName: string, seo: PageSeo) => {
  const logo = club.logoImage && absoluteUrl(seo.origin, largestOf(club.logoImage));
  const sameAs = [club.clubFacebook, club.clubInstagram].filter(Boolean);
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: clubName,
    ...(club.clubWebsite ? { url: club.clubWebsite } : {}),
    ...(logo ? { image: logo, logo } : {}),
    ...(seo.address ? { address: { '@type': 'PostalAddress', ...withoutNulls(seo.address) } } : {}),
    ...(club.clubDisplayPhone ? { telephone: club.clubDisplayPhone } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
    ...(club.clubLinks.bookingUrl ? { acceptsReservations: club.clubLinks.bookingUrl } : {}),
  };
};

const withoutNulls = (record: Record<string, string | null>) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value));

/**
 * JSON inside <script>: no `<` (so no `</script>` nor `<!--`), `>` or `&` reaches the HTML parser, and
 * the two line separators JavaScript once refused are written as escapes.
 */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const jsonLd = (value: unknown) =>
  new Html([`<script type="application/ld+json">${scriptSafeJson(value)}</script>`]);

/** The table's page: the restaurant alone (its menus have pages of their own). */
export const tableStructuredData = (club: Club, clubName: string, seo: PageSeo) =>
  jsonLd(restaurantOf(club, clubName, seo));

/** A menu's page: the restaurant with this menu, its categories and dishes in the reading language. */
export const menuStructuredData = (menu: GuestMenu, clubName: string, language: string, seo: PageSeo) => {
  return jsonLd({
    ...restaurantOf(menu, clubName, seo),
    hasMenu: {
      '@type': 'Menu',
      name: menuName(menu, language as Parameters<typeof menuName>[1]),
      inLanguage: language,
      hasMenuSection: menu.sections.map((section) => ({
        '@type': 'MenuSection',
        name: sectionName(section, language),
        hasMenuItem: section.items.map((item) => menuItemOf(item, language)),
      })),
    },
  });
};
