import { ALLERGENS } from '@carta/contract/entities';
import type { GuestImage, GuestItem, GuestMenu } from '@carta/contract/guest';
import { type Chrome, chrome, tableLabel } from './chrome.ts';
import { guestLinks, type WifiLinks } from './guest-links.ts';
import { attribute, type Html, html, raw, type Text } from './html.ts';
import type { GuestLanguage } from './messages.ts';
import type { PageSeo } from './seo-fields.ts';
import { itemPrice, timePriceNote } from './time-price.ts';
import { variantList, variantSearchText } from './variants.ts';

/** A language to read the page in; its address may depend on the table. */
export type LanguageChoice = { code: string; href: Text; isCurrent: boolean };

/** The club's ways to be reached, as a menu carries them: the guest page and the printed menu show them. */
export type ContactFields = Pick<
  GuestMenu,
  | 'clubAddress'
  | 'clubDisplayEmail'
  | 'clubDisplayPhone'
  | 'clubFacebook'
  | 'clubInstagram'
  | 'clubWebsite'
  | 'clubWhatsapp'
>;

const LANGUAGE_NAMES: Record<string, string> = {
  it: 'Italiano',
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
};

export const languageSwitch = (choices: LanguageChoice[], words: Chrome) =>
  choices.length > 1
    ? html`<nav class="langs" aria-label="${words.language}">${choices.map(
        (choice) =>
          html`<a href="${choice.href}" hrefLang="${choice.code}" lang="${choice.code}"${attribute('aria-current', choice.isCurrent ? 'true' : null)}>${LANGUAGE_NAMES[choice.code] ?? choice.code}</a>`,
      )}</nav>`
    : null;

/** The menu's name in the reading language, else as written. */
export const menuName = (menu: Pick<GuestMenu, 'name' | 'nameTranslations'>, language: GuestLanguage) =>
  menu.nameTranslations[language as keyof typeof menu.nameTranslations] || menu.name;

/** The club's logo at 48 px: the browser picks the stored width that suits the screen. */
export const logo = (image: GuestImage | null) =>
  image
    ? html`<img class="logo" src="${image.src}"${attribute('srcSet', image.srcset)} sizes="48px" alt="" width="48" height="48" decoding="async"/>`
    : null;

/** The club's ways to be reached, as working links. */
export const contacts = (club: ContactFields, words: Chrome) => {
  const links = [
    club.clubAddress && {
      href: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(club.clubAddress)}`,
      label: club.clubAddress,
    },
    club.clubDisplayPhone && {
      href: `tel:${club.clubDisplayPhone.replace(/[^\d+]/g, '')}`,
      label: `${words.call} ${club.clubDisplayPhone}`,
    },
    club.clubDisplayEmail && { href: `mailto:${club.clubDisplayEmail}`, label: club.clubDisplayEmail },
    club.clubWhatsapp && { href: `https://wa.me/${club.clubWhatsapp.replace(/\D/g, '')}`, label: 'WhatsApp' },
    club.clubWebsite && { href: club.clubWebsite, label: words.website },
    club.clubInstagram && { href: club.clubInstagram, label: 'Instagram' },
    club.clubFacebook && { href: club.clubFacebook, label: 'Facebook' },
  ].filter((link): link is { href: string; label: string } => Boolean(link));
  if (links.length === 0) return null;
  return html`<nav class="contacts" aria-label="${words.contacts}">${links.map(
    (link) => html`<a href="${link.href}" rel="noopener">${link.label}</a>`,
  )}</nav>`;
};

/** Where the call-waiter button sends: the JSON call (script) and the form's page (no script). */
export type WaiterLinks = { call: Text; form: Text };

const BELL = raw(
  '<svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="currentColor"><path d="M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2Zm6-6v-5a6 6 0 0 0-5-5.9V4a1 1 0 1 0-2 0v1.1A6 6 0 0 0 6 11v5l-2 2v1h16v-1l-2-2Z"></path></svg>',
);

/** "Tavolo 12" for the table's name, whichever table reads the page. */
export const tableText = (words: Chrome, tableName: Text): Text =>
  typeof tableName === 'string'
    ? tableLabel(words, tableName)
    : (table) => tableLabel(words, tableName(table));

/**
 * Call waiter: a button that asks to confirm, then a form that works without JavaScript; the script
 * sends it in place and follows the call ("staff notified", then "on the way").
 */
export const waiterButton = (links: WaiterLinks | null, tableName: Text, words: Chrome) =>
  links
    ? html`<details class="waiter" data-call="${links.call}" data-idle="${words.callWaiter}" data-notified="${words.staffNotified}" data-notified-text="${words.staffNotifiedText}" data-on-the-way="${words.onTheWay}" data-on-the-way-text="${words.onTheWayText}" data-too-soon="${words.callTooSoon}" data-failed="${words.callFailed}"><summary>${BELL}<span class="waiter-label">${words.callWaiter}</span></summary><div class="waiter-panel"><form action="${links.form}" method="post"><p class="waiter-table">${tableText(words, tableName)}</p><p>${words.callWaiterConfirm}</p><button type="submit">${words.callWaiterYes}</button></form><p class="waiter-status" role="status" aria-live="polite"></p></div></details>`
    : null;

/** A dish's texts in the reading language, each falling back to the original (the printed menu reads them so too). */
export const itemTexts = (
  item: Pick<
    GuestItem,
    | 'name'
    | 'description'
    | 'ingredients'
    | 'priceText'
    | 'additionalNotes'
    | 'translateName'
    | 'translations'
  >,
  language: string,
) => {
  const translation = item.translations[language as keyof typeof item.translations];
  return {
    name: (item.translateName && translation?.translatedName) || item.name,
    description: translation?.translatedDescription || item.description,
    ingredients: translation?.translatedIngredients || item.ingredients,
    // A price text is only read where the item has one: a translation never hides a price.
    priceText: item.priceText && (translation?.translatedPriceText || item.priceText),
    additionalNotes: translation?.translatedAdditionalNotes || item.additionalNotes,
  };
};

/** The menu's footer in the reading language, else as written. */
export const menuFooter = (menu: Pick<GuestMenu, 'footer' | 'footerTranslations'>, language: string) =>
  menu.footer && (menu.footerTranslations[language as keyof typeof menu.footerTranslations] || menu.footer);

/** The banner's texts in the reading language, each falling back to the original. */
export const bannerTexts = (banner: NonNullable<GuestMenu['banner']>, language: string) => {
  const translation = banner.translations[language as keyof typeof banner.translations];
  return {
    title: translation?.title || banner.title,
    subtitle: banner.subtitle && (translation?.subtitle || banner.subtitle),
    description: banner.description && (translation?.description || banner.description),
    price: translation?.price || banner.price,
  };
};

/** A category's name in the reading language, else as written. */
export const sectionName = (
  section: Pick<GuestMenu['sections'][number], 'name' | 'translations'>,
  language: string,
) => section.translations[language as keyof typeof section.translations]?.translatedName || section.name;

/**
 * A dish's photo: a 72 px thumbnail, lazy and decoded off the main thread, its box fixed so nothing
 * moves when it arrives. It links to the largest width, which the script opens in a larger view in
 * place (without the script the link opens the image itself).
 */
const photoOf = (photo: NonNullable<GuestItem['photo']>, alt: string) => {
  const smallest = photo.variants[0];
  const srcset = photo.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ') || null;
  return html`<a class="ph" href="${photo.url}"><img src="${smallest?.url ?? photo.url}"${attribute('srcSet', srcset)} sizes="72px" alt="${alt}" width="72" height="72" loading="lazy" decoding="async"/></a>`;
};

const itemOf = (item: GuestItem, language: GuestLanguage, words: Chrome, showLabels: boolean): Html => {
  const { name, description, ingredients, priceText, additionalNotes } = itemTexts(item, language);
  const searchText = [name, item.name, description, ingredients, ...variantSearchText(item, language)]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  const hasTags =
    (showLabels && (item.bestSeller || item.suggested)) || item.outOfStock || item.allergens.length > 0;
  return html`<li class="item${item.outOfStock ? ' out' : ''}${item.photo ? ' pic' : ''}" data-allergens="${item.allergens.join(' ')}" data-text="${searchText}">${item.photo && photoOf(item.photo, words.photoOf.replace('{name}', name))}<div class="row"><h3>${name}</h3><span class="price">${item.variants.length > 0 ? '' : itemPrice(item, priceText, language, words)}</span></div>${variantList(item, language, words)}${timePriceNote(item, language, words)}${description && html`<p class="desc">${description}</p>`}${ingredients && html`<p class="ingr">${ingredients}</p>`}${additionalNotes && html`<p class="notes">${additionalNotes}</p>`}${
    hasTags &&
    html`<p class="tags">${item.outOfStock && html`<span class="label out">${words.outOfStock}</span>`}${showLabels && item.bestSeller && html`<span class="label best">${words.bestSeller}</span>`}${showLabels && item.suggested && html`<span class="label sugg">${words.suggested}</span>`}${
      item.allergens.length > 0 &&
      html`<span class="allergens">${`${words.contains}: ${item.allergens.map((code) => words.allergenNames[code] ?? code).join(', ')}`}</span>`
    }</p>`
  }</li>`;
};

export type MenuPageProps = {
  menu: GuestMenu;
  clubName: string;
  tableName: Text;
  language: GuestLanguage;
  languages: LanguageChoice[];
  listHref: Text | null;
  waiter: WaiterLinks | null;
  /** The printable menu in the reading language, when the club offers it. */
  pdfHref?: Text | null;
  /** Where a tap on the club's Wi-Fi asks; null shows no Wi-Fi (the owner's preview). */
  wifi?: WifiLinks | null;
  /** Share tags and structured data (0087); none on the owner's preview. */
  seo?: PageSeo | null;
  /** The structured data (0087), right after the list: the same compressed part as the dishes. */
  structuredData?: Html | null;
};

const bannerOf = (menu: GuestMenu, language: GuestLanguage, words: Chrome) => {
  const banner = menu.banner && bannerTexts(menu.banner, language);
  if (!menu.banner || !banner) return null;
  const image = menu.bannerImage;
  return html`<section class="banner" aria-label="${banner.title}">${
    image &&
    html`<img src="${image.src}"${attribute('srcSet', image.srcset)} sizes="96px" alt="" width="96" height="96" loading="eager" decoding="async"/>`
  }<div>${menu.banner.forYou && html`<p class="label for-you">${words.forYou}</p>`}<h2>${banner.title}</h2>${banner.subtitle && html`<p class="sub">${banner.subtitle}</p>`}${banner.description && html`<p>${banner.description}</p>`}<p class="price">${banner.price}</p></div></section>`;
};

const allergenFilter = (usedAllergens: readonly string[], words: Chrome) =>
  usedAllergens.length > 0 &&
  html`<details class="filter"><summary data-label="${words.avoid}">${`${words.avoid}…`}</summary><div class="chips">${usedAllergens.map(
    (code) =>
      html`<label><input type="checkbox" value="${code}"/>${words.allergenNames[code] ?? code}</label>`,
  )}</div><fieldset class="mode"><legend>${words.allergenMode}</legend><label><input type="radio" name="allergen-mode" checked="" value="mark"/>${words.markThem}</label><label><input type="radio" name="allergen-mode" value="hide"/>${words.hideThem}</label></fieldset></details><p class="filtered" data-one="${words.hiddenByFilterOne}" data-many="${words.hiddenByFilterMany}" hidden=""></p>`;

/** A menu as guests read it: sections in a sticky bar, dishes, labels, allergens, banner, footer, contacts. */
export const menuPage = ({
  menu,
  clubName,
  tableName,
  language,
  languages,
  listHref,
  waiter,
  pdfHref = null,
  wifi = null,
  structuredData = null,
}: MenuPageProps): Html => {
  const words = chrome[language];
  const footer = menuFooter(menu, language);
  const hasPhotos = menu.sections.some((section) => section.items.some((item) => item.photo));
  const usedAllergens = ALLERGENS.filter((code) =>
    menu.sections.some((section) => section.items.some((item) => item.allergens.includes(code))),
  );
  return html`<header class="top">${logo(menu.logoImage)}<div class="titles"><p class="club">${clubName}</p><h1>${menuName(menu, language)}</h1><p class="table">${tableText(words, tableName)}</p></div>${languageSwitch(languages, words)}</header>${
    listHref && html`<p class="back"><a href="${listHref}">${`← ${words.allMenus}`}</a></p>`
  }${guestLinks(menu.clubLinks, wifi, words)}${bannerOf(menu, language, words)}<nav class="tabs" aria-label="${words.sections}">${menu.sections.map(
    (section) => html`<a href="${`#s${section.id}`}">${sectionName(section, language)}</a>`,
  )}</nav><div class="tools"><input type="search" class="search" placeholder="${words.search}" aria-label="${words.search}"/>${allergenFilter(usedAllergens, words)}<div class="empty" aria-live="polite" hidden=""><p>${words.noResults}</p><button type="button" class="clear">${words.clearSearch}</button></div></div><main${attribute('data-close', hasPhotos ? words.closePhoto : null)}>${menu.sections.map(
    (section) =>
      html`<section id="${`s${section.id}`}" class="section"><h2>${sectionName(section, language)}</h2><ul>${section.items.map(
        (item) => itemOf(item, language, words, menu.menuLabelEnabled),
      )}</ul></section>`,
  )}</main>${structuredData}${pdfHref && html`<p class="back"><a href="${pdfHref}" download="">${words.downloadPdf}</a></p>`}${
    footer && html`<p class="menu-footer">${footer}</p>`
  }${contacts(menu, words)}${waiterButton(menu.callWaiterEnabled ? waiter : null, tableName, words)}`;
};
