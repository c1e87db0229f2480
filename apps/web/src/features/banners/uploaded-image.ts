import type { BannerLook } from './banner-view.tsx';

/** A stored image's key as the upload answers it and the save takes it (`IMAGE_KEY` in the contract's banners). */
const IMAGE_KEY = /^img\/[0-9a-f]{24}$/;

/** Where the images are served, as the API writes their URLs (`FILES_PATH` in the API's images). */
const FILES_PATH = '/files';

/** The name of the address parameter that carries the uploaded image's key to the details step. */
export const IMAGE_PARAM = 'image';

/**
 * The details step of a new banner, with the uploaded image's key in the address: a reload or a new tab
 * has no router state, and the key is all the save needs. The key's slash stays readable.
 */
export const newDetailsPath = (base: string, key: string) =>
  `${base}/new/details?${IMAGE_PARAM}=${encodeURIComponent(key).replaceAll('%2F', '/')}`;

/**
 * The uploaded image as the preview draws it, from its key alone. Its WebP sizes cannot be derived from
 * the key: their widths are the API's, not the contract's, and are capped at the image's own width, which
 * the key does not tell (a 333 px crop has one 333 px WebP). The re-encoded original can: the image step
 * always uploads a JPG (crop-image.ts), which the API keeps as `<key>.jpg`, at most 1600 px. Null for
 * something that is not an image key: the form still opens, and saving answers IMAGE_NOT_FOUND.
 */
export const uploadedImageLook = (key: string): BannerLook['image'] =>
  IMAGE_KEY.test(key) ? { src: `${FILES_PATH}/${key}.jpg` } : null;
