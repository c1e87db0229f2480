import { createHash } from 'node:crypto';
import type { GuestLanguage } from '@carta/guest/messages';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Storage } from '../../lib/storage.ts';
import { FILES_PATH } from '../images/images.ts';
import { type PdfOptions, renderMenuPdf } from './pdf-document.ts';
import type { PdfSource } from './pdf-store.ts';

/** Bumped when the layout changes: every kept PDF and every ETag a browser holds is then stale. */
const LAYOUT_VERSION = 1;
const MAX_ENTRIES = 200;
const MAX_BYTES = 64 * 1024 * 1024;
const LOGO_SIZE = 256;

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

  return {
    /** The PDF of `source` in `language`, rendered now only when this version is not kept. */
    pdfOf: async (menuId: number, source: PdfSource, language: GuestLanguage, version: string) => {
      const key = `${menuId}|${language}|${version}`;
      const kept = entries.get(key);
      if (kept) return kept;
      const running = rendering.get(key);
      if (running) return running;
      const render = (async () => {
        const logo = await logoOf(source.logoUrl);
        const body = await renderMenuPdf(
          { clubName: source.clubName, menu: source.menu, language, logo },
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
