import { createHash } from 'node:crypto';
import type { StoredImage } from '@carta/contract/clubs';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from '@carta/contract/limits';
import type { ImagePurpose } from '@carta/contract/uploads';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../lib/app-error.ts';

/** WebP widths each purpose needs on the pages (1x and 2x of where it is shown). */
export const IMAGE_WIDTHS: Record<ImagePurpose, readonly number[]> = {
  logo: [128, 256, 512],
  banner: [400, 800],
  background: [720, 1280, 1920],
  /** A dish's thumbnail (about 72 px wide) and its larger view on tap (up to 480 px). */
  photo: [160, 480, 960],
};
/** The re-encoded original is kept no larger than this, for the PDF and for later sizes. */
const ORIGINAL_MAX_SIDE = 2048;

export type ProcessedImage = {
  /** `img/<hash>`: the content hash of the re-encoded original names every file. */
  key: string;
  width: number;
  height: number;
  files: { key: string; body: Buffer; contentType: string; width: number; height: number }[];
};

const sniff = (bytes: Buffer): 'jpeg' | 'png' | 'webp' | null => {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length > 8 && pngSignature.every((byte, index) => bytes[index] === byte)) return 'png';
  // RIFF, the size, then WEBP.
  if (
    bytes.length > 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
};

const notSupported = () => new AppError(400, 'IMAGE_TYPE_NOT_SUPPORTED');

/**
 * Checks an upload by its content (JPG, PNG or WebP only, at most 5 MB and 25 megapixels, whatever its
 * name or declared type says), turns it upright, drops its metadata (EXIF, GPS, ICC profiles beyond
 * sRGB) and re-encodes it, with a WebP copy at each width the purpose needs. The kept original is a JPG
 * or a PNG (the PDF reads them): a WebP becomes a PNG when it has transparency, a JPG otherwise.
 */
export const processImage = async (bytes: Buffer, purpose: ImagePurpose): Promise<ProcessedImage> => {
  if (bytes.length > IMAGE_MAX_BYTES) throw new AppError(413, 'IMAGE_TOO_LARGE');
  const format = sniff(bytes);
  if (!format) throw notSupported();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notSupported();
  }
  if (metadata.format !== format || !metadata.width || !metadata.height) throw notSupported();
  // Animated WebP (or a multi-page file) is not a dish's photo.
  if ((metadata.pages ?? 1) > 1) throw notSupported();
  if (metadata.width * metadata.height > IMAGE_MAX_PIXELS) throw new AppError(413, 'IMAGE_TOO_LARGE');

  const upright = () =>
    sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).rotate().toColourspace('srgb');
  try {
    const resized = upright().resize({
      width: ORIGINAL_MAX_SIDE,
      height: ORIGINAL_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const kept = format === 'webp' ? (metadata.hasAlpha ? 'png' : 'jpeg') : format;
    const original =
      kept === 'jpeg'
        ? await resized.jpeg({ quality: 85, mozjpeg: true }).toBuffer({ resolveWithObject: true })
        : await resized.png({ compressionLevel: 9, palette: false }).toBuffer({ resolveWithObject: true });
    // A dish's photo is named apart from the same picture stored as a logo, banner or background: the
    // club's row of a key keeps one purpose and its widths, and a photo needs its own (0052).
    const hash = createHash('sha256')
      .update(purpose === 'photo' ? 'photo:' : '')
      .update(original.data)
      .digest('hex')
      .slice(0, 24);
    const key = `img/${hash}`;
    const extension = kept === 'jpeg' ? 'jpg' : 'png';
    const files: ProcessedImage['files'] = [
      {
        key: `${key}.${extension}`,
        body: original.data,
        contentType: `image/${kept}`,
        width: original.info.width,
        height: original.info.height,
      },
    ];
    const widths = [...new Set(IMAGE_WIDTHS[purpose].map((width) => Math.min(width, original.info.width)))];
    for (const width of widths) {
      const webp = await sharp(original.data)
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      files.push({
        key: `${key}-${webp.info.width}.webp`,
        body: webp.data,
        contentType: 'image/webp',
        width: webp.info.width,
        height: webp.info.height,
      });
    }
    return { key, width: original.info.width, height: original.info.height, files };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A file that starts like a JPG, PNG or WebP but does not decode is not an image we can use.
    throw notSupported();
  }
};

export const FILES_PATH = '/files';

const IMAGE_URL = new RegExp(`^${FILES_PATH}/(img/[0-9a-f]+)-\\d+\\.webp$`);

/** The stored image's key behind one of its addresses (`/files/img/<key>-<width>.webp`); null for any other. */
export const keyOfImageUrl = (url: string | null) => (url ? (IMAGE_URL.exec(url)?.[1] ?? null) : null);

/** The URLs of a stored image from its key and the widths stored. */
export const describeImage = (
  key: string,
  variants: { width: number; height: number }[],
  original: { width: number; height: number },
): StoredImage => {
  const sorted = [...variants].sort((left, right) => left.width - right.width);
  const largest = sorted.at(-1) ?? original;
  return {
    key,
    url: `${FILES_PATH}/${key}-${largest.width}.webp`,
    width: original.width,
    height: original.height,
    variants: sorted.map((variant) => ({
      url: `${FILES_PATH}/${key}-${variant.width}.webp`,
      width: variant.width,
      height: variant.height,
    })),
  };
};

/** Every file name an image key was stored under. */
export const filesOfImage = (key: string, contentType: string, variants: { width: number }[]): string[] => [
  `${key}.${contentType === 'image/png' ? 'png' : 'jpg'}`,
  ...variants.map((variant) => `${key}-${variant.width}.webp`),
];
