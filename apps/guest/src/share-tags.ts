import type { GuestImage, GuestMenu } from '@carta/contract/guest';
import { html } from './html.ts';
import type { GuestLanguage } from './messages.ts';
import type { PageSeo } from './seo-fields.ts';
import { absoluteUrl, largestOf } from './structured-data.ts';

// What a chat shows of a shared link and what a search result quotes: the page's canonical address,
// its description, and Open Graph tags, which X (Twitter) reads too beside its card's kind (0087).

const OG_LOCALES: Record<GuestLanguage, string> = {
  it: 'it_IT',
  en: 'en_GB',
  de: 'de_DE',
  fr: 'fr_FR',
  es: 'es_ES',
};

/** A description as search results and chats show it: at most about 160 characters. */
const DESCRIPTION_MAX = 160;
const shortened = (text: string) =>
  text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;

/** The picture a shared link shows, and whether it is a photo (a large card) or a logo (a small one). */
export type ShareImage = { url: string; isLarge: boolean };

/** A menu's picture: its first dish's photo, else its banner's, else the club's logo. */
export const menuShareImage = (menu: GuestMenu, origin: string): ShareImage | null => {
  const photo = menu.sections.flatMap((section) => section.items).find((item) => item.photo)?.photo;
  if (photo) return { url: absoluteUrl(origin, photo.url), isLarge: true };
  if (menu.bannerImage) return { url: absoluteUrl(origin, largestOf(menu.bannerImage)), isLarge: true };
  return logoShareImage(menu.logoImage, origin);
};

/** The club's logo as the picture of a shared link. */
export const logoShareImage = (logo: GuestImage | null, origin: string): ShareImage | null =>
  logo ? { url: absoluteUrl(origin, largestOf(logo)), isLarge: false } : null;

/** What the page is about in a line: its categories or menus, then where the club is. */
export const shareDescription = (names: string[], address: string | null) =>
  shortened([names.join(', '), address].filter(Boolean).join(' · '));

export type ShareTagsProps = {
  title: string;
  description: string;
  siteName: string;
  language: GuestLanguage;
  image: ShareImage | null;
  seo: PageSeo;
};

/** The head's canonical link, description and share tags. */
export const shareTags = ({ title, description, siteName, language, image, seo }: ShareTagsProps) =>
  html`<link rel="canonical" href="${seo.pageUrl}">${description && html`<meta name="description" content="${description}">`}<meta property="og:type" content="website"><meta property="og:site_name" content="${siteName}"><meta property="og:title" content="${title}">${description && html`<meta property="og:description" content="${description}">`}<meta property="og:url" content="${seo.pageUrl}"><meta property="og:locale" content="${OG_LOCALES[language]}">${image && html`<meta property="og:image" content="${image.url}">`}<meta name="twitter:card" content="${image?.isLarge ? 'summary_large_image' : 'summary'}">`;
