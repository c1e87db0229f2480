import { createHash } from 'node:crypto';
import type { StoredImage } from '@carta/contract/clubs';
import type { GuestLanguage } from '@carta/guest/messages';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Storage } from '../../lib/storage.ts';
import { FILES_PATH } from '../images/images.ts';
import { type PdfOptions, renderMenuPdf } from './pdf-document.ts';
import type { PdfSource } from './pdf-store.ts';

/** Bumped when the layout changes: every kept PDF and every ETag a browser holds is then stale. */
const LAYOUT_VERSION = 2;
const MAX_ENTRIES = 200;
const MAX_BYTES = 64 * 1024 * 1024;
const LOGO_SIZE = 256;
/** A dish's photo is printed 42 points wide: 168 pixels square are 288 dpi. */
const PHOTO_PIXELS = 168;

export type RenderedPdf = { body: Buffer; etag: string };

/**
 * The version of what a PDF shows: a hash of the menu as read (texts, prices, order, theme, contacts,
 * logo address) and the language. Reading the menu costs a few statements; rendering it is the work this
 * saves, so a PDF is rendered once per change of its menu, whichever process or route asks.
 */
export const pdfVersion = (source: PdfSource, language: GuestLanguage) =>
  createHash('sha256')
    .update(JSON.stringify([LAYOUT_VERSION, language, source.clubName, source.logoUrl, source.menu]))
    .digest('base64url')
    .slice(0, 32);

/**
 * Rendered PDFs kept in memory by menu, language and version, the oldest dropped first past 200 or
 * 64 MB; renders under way are shared. The logos, stored as WebP (which pdfkit cannot read), are
 * turned into PNG once per logo: their addresses are content hashes, so they never go stale.
 */
export const createPdfCache = ({
  storage,
  log,
  options = {},
}: {
  storage: Storage;
  log: FastifyBaseLogger;
  options?: PdfOptions;
}) => {
  const entries = new Map<string, RenderedPdf>();
  let bytes = 0;
  const rendering = new Map<string, Promise<RenderedPdf>>();
  const logos = new Map<string, Promise<Buffer | null>>();
  const photos = new Map<string, Promise<Buffer | null>>();

  const keep = (key: string, pdf: RenderedPdf) => {
    entries.set(key, pdf);
    bytes += pdf.body.length;
    while (entries.size > MAX_ENTRIES || bytes > MAX_BYTES) {
      const oldest = entries.entries().next();
      if (oldest.done) break;
      entries.delete(oldest.value[0]);
      bytes -= oldest.value[1].body.length;
    }
  };

  const readLogo = async (url: string): Promise<Buffer | null> => {
    if (!url.startsWith(`${FILES_PATH}/`)) return null;
    try {
      const stored = await storage.get(url.slice(FILES_PATH.length + 1));
      if (!stored) return null;
      return await sharp(stored)
        .resize(LOGO_SIZE, LOGO_SIZE, { fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer();
    } catch (error) {
      // A logo that cannot be read leaves the PDF without a logo, not the guest without a menu.
      log.warn({ err: error, url }, 'menu pdf: logo not readable');
      return null;
    }
  };
  const logoOf = (url: string | null) => {
    if (!url) return Promise.resolve(null);
    let logo = logos.get(url);
    if (!logo) {
      logo = readLogo(url);
      if (logos.size >= MAX_ENTRIES) logos.clear();
      logos.set(url, logo);
    }
    return logo;
  };

  /**
   * A dish's photo as a square JPG, from its smallest stored WebP wide enough (pdfkit reads JPG and PNG
   * only); kept by key, which names content that never changes.
   */
  const readPhoto = async (photo: StoredImage): Promise<Buffer | null> => {
    const url = photo.variants.find((variant) => variant.width >= PHOTO_PIXELS)?.url ?? photo.url;
    try {
      const stored = await storage.get(url.slice(FILES_PATH.length + 1));
      if (!stored) return null;
      return await sharp(stored)
        .resize(PHOTO_PIXELS, PHOTO_PIXELS, { fit: 'cover' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82 })
        .toBuffer();
    } catch (error) {
      // A photo that cannot be read leaves the dish without it, not the guest without a menu.
      log.warn({ err: error, url }, 'menu pdf: photo not readable');
      return null;
    }
  };
  /** The photos of the dishes the PDF shows, only when the theme prints photos. */
  const photosOf = async (source: PdfSource) => {
    const read = new Map<string, Buffer>();
    if (!source.menu.theme?.pdfPhotos) return read;
    const wanted = new Map<string, StoredImage>();
    for (const section of source.menu.sections)
      for (const item of section.items) if (item.photo) wanted.set(item.photo.key, item.photo);
    for (const [key, photo] of wanted) {
      let bytes = photos.get(key);
      if (!bytes) {
        bytes = readPhoto(photo);
        if (photos.size >= MAX_ENTRIES) photos.clear();
        photos.set(key, bytes);
      }
      const body = await bytes;
      if (body) read.set(key, body);
    }
    return read;
  };

  return {
    /** The PDF of `source` in `language`, rendered now only when this version is not kept. */
    pdfOf: async (menuId: number, source: PdfSource, language: GuestLanguage, version: string) => {
      const key = `${menuId}|${language}|${version}`;
      const kept = entries.get(key);
      if (kept) return kept;
      const running = rendering.get(key);
      if (running) return running;
      const render = (async () => {
        const [logo, photoBytes] = await Promise.all([logoOf(source.logoUrl), photosOf(source)]);
        const body = await renderMenuPdf(
          { clubName: source.clubName, menu: source.menu, language, logo, photos: photoBytes },
          options,
        );
        const pdf = { body, etag: version };
        keep(key, pdf);
        return pdf;
      })().finally(() => rendering.delete(key));
      rendering.set(key, render);
      return render;
    },
  };
};

export type PdfCache = ReturnType<typeof createPdfCache>;
