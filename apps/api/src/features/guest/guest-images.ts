import type { GuestImage } from '@carta/contract/guest';
import { type Column, sql } from 'drizzle-orm';
import { storedFiles } from '../../db/schema.ts';
import { describeImage, FILES_PATH } from '../images/images.ts';

// The images of the guest pages (the club's logo, a menu's banner, the dishes' photos): which stored
// image an address names, read in the statement that reads the address, and drawn in every width kept.

/** A stored image is named by its key (`img/<hash>`) or by the address of one of its WebP files. */
const STORED_KEY = '^(img/[0-9a-f]+)$';
const STORED_FILE = `^${FILES_PATH}/(img/[0-9a-f]+)-[0-9]+\\.webp$`;
export const storedKeyIn = (keyOrUrl: string) =>
  new RegExp(STORED_KEY).exec(keyOrUrl)?.[1] ?? new RegExp(STORED_FILE).exec(keyOrUrl)?.[1];
/** The same key in SQL, to join the stored file in the statement that reads the key. */
export const storedKeyOf = (column: Column) =>
  sql`coalesce(substring(${column} from ${STORED_KEY}), substring(${column} from ${STORED_FILE}))`;
export const storedFileColumns = {
  width: storedFiles.width,
  height: storedFiles.height,
  variants: storedFiles.variants,
};
export type StoredFile = { width: number; height: number; variants: { width: number; height: number }[] };

/**
 * An image for the guest pages, drawn in every WebP width it was stored in (`srcset`); any address that
 * names no stored image is drawn as it is. `file` is the stored file its key names, if any.
 */
export const guestImageOf = (keyOrUrl: string | null, file: StoredFile | null): GuestImage | null => {
  if (!keyOrUrl) return null;
  const key = storedKeyIn(keyOrUrl);
  if (!key) return { src: keyOrUrl, srcset: null };
  if (!file) return null;
  const image = describeImage(key, file.variants, file);
  return {
    src: image.variants[0]?.url ?? image.url,
    srcset: image.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ') || null,
  };
};

/**
 * The stored file an image names, by its key (`img/<hash>`) or by the address of one of its WebP files
 * (features/images/images.ts); null for any other address.
 */
export const storedFileSql = (clubId: string, keyOrUrl: string) =>
  `(select json_build_object('width', f.width, 'height', f.height, 'variants', f.variants) from stored_files f where f.club_id = ${clubId} and f.key = coalesce(substring(${keyOrUrl} from '${STORED_KEY}'), substring(${keyOrUrl} from '${STORED_FILE}')))`;
