import type { Area } from 'react-easy-crop';

export type ImageKind = 'jpeg' | 'png' | 'webp';

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/** What a picked file is by its first bytes, whatever its name says (spec §5); null for anything else. */
export const imageKind = async (file: Blob): Promise<ImageKind | null> => {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const has = (signature: number[], at = 0) => signature.every((byte, index) => head[at + index] === byte);
  if (has([0xff, 0xd8, 0xff])) return 'jpeg';
  if (has([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (has(ascii('RIFF')) && has(ascii('WEBP'), 8)) return 'webp';
  return null;
};

const loadImage = (url: string) =>
  new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image not decoded'));
    image.src = url;
  });

/**
 * The part of the image the owner chose, drawn on a canvas in exactly the chosen shape (width / height =
 * aspect) and encoded as a JPG on white (a transparent PNG would otherwise turn black), at most maxWidth
 * wide: the server keeps at most 2048 pixels.
 */
export const cropImage = async (
  url: string,
  area: Area,
  { aspect, maxWidth }: { aspect: number; maxWidth: number },
): Promise<Blob> => {
  const image = await loadImage(url);
  const width = Math.max(1, Math.min(Math.round(area.width), maxWidth));
  const height = Math.max(1, Math.round(width / aspect));
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
