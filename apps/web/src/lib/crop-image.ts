import { IMAGE_MAX_BYTES } from '@carta/contract/limits';
import type { Area } from 'react-easy-crop';

export type ImageKind = 'jpeg' | 'png' | 'webp';

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/** What a picked file is by its first bytes, whatever its name says; null for anything else. */
export const imageKind = async (file: Blob): Promise<ImageKind | null> => {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const has = (signature: number[], at = 0) => signature.every((byte, index) => head[at + index] === byte);
  if (has([0xff, 0xd8, 0xff])) return 'jpeg';
  if (has([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (has(ascii('RIFF')) && has(ascii('WEBP'), 8)) return 'webp';
  return null;
};

/**
 * Why a picked file cannot be cropped, before anything is uploaded: over the server's 5 MB, or not a JPG,
 * PNG or WebP by its content. Null when it can. The dish photo and the banner image ask the same.
 */
export const pickedImageProblem = async (file: Blob): Promise<'tooLarge' | 'typeNotSupported' | null> => {
  if (file.size > IMAGE_MAX_BYTES) return 'tooLarge';
  return (await imageKind(file)) ? null : 'typeNotSupported';
};

/** The shapes an image may be cropped to, as width / height. */
export const CROP_ASPECTS = { square: 1, landscape: 4 / 3 } as const;
export type CropShape = keyof typeof CROP_ASPECTS;

/** The cropper's zoom: from the whole image (1) to four times, in tenths. */
export const ZOOM_LIMITS = { min: 1, max: 4, step: 0.1 } as const;

/** A zoom kept inside the limits and on a tenth (no 1.2000000000000002 read out as a value). */
export const clampZoom = (value: number) =>
  Math.round(Math.min(ZOOM_LIMITS.max, Math.max(ZOOM_LIMITS.min, value)) * 10) / 10;

/**
 * The size of the image sent for the chosen part: exactly the chosen shape (width / height = aspect), at
 * most maxWidth wide, never smaller than one pixel.
 */
export const croppedSize = (
  area: Pick<Area, 'width'>,
  { aspect, maxWidth }: { aspect: number; maxWidth: number },
) => {
  const width = Math.max(1, Math.min(Math.round(area.width), maxWidth));
  return { width, height: Math.max(1, Math.round(width / aspect)) };
};

const loadImage = (url: string) =>
  new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image not decoded'));
    image.src = url;
  });

/**
 * The part of the image the owner chose, drawn on a canvas in exactly the chosen shape and encoded as a
 * JPG on white (a transparent PNG would otherwise turn black), at most maxWidth wide: the server keeps at
 * most 2048 pixels.
 */
export const cropImage = async (
  url: string,
  area: Area,
  size: { aspect: number; maxWidth: number },
): Promise<Blob> => {
  const image = await loadImage(url);
  const { width, height } = croppedSize(area, size);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('not encoded'))), 'image/jpeg', 0.9),
  );
};
