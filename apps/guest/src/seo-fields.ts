import type { Text } from './html.ts';

// What a page needs for search engines and shared links beyond what it shows, apart from the code that
// writes them (structured-data.ts, share-tags.ts), so the pages that carry it do not import that code.

/** The club's address as schema.org's PostalAddress reads it. */
export type SeoAddress = {
  streetAddress: string;
  postalCode: string;
  addressLocality: string;
  addressRegion: string | null;
  addressCountry: string;
};

/** What a page's structured data and share tags need beyond what the page shows. */
export type PageSeo = {
  /** The public address of the site (`PUBLIC_URL`): images and links are absolute. */
  origin: string;
  /** This page's own address, with its reading language: canonical and shared. */
  pageUrl: Text;
  address: SeoAddress | null;
};
