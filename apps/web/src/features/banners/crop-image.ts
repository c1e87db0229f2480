import type { Area } from 'react-easy-crop';

/** The largest side the cropped banner is sent with: the server keeps at most 2048 and shows 800. */
const MAX_SIDE = 1600;

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Whether a picked file is a JPG or a PNG by its first bytes, whatever its name says (spec §5). */
export const isJpegOrPng = async (file: Blob): Promise<boolean> => {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const startsWith = (signature: number[]) => signature.every((byte, index) => head[index] === byte);
  return startsWith(JPEG) || startsWith(PNG);
};

const loadImage = (url: string) =>
  new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image not decoded'));
    image.src = url;
  });

/**
 * The square the owner chose, drawn on a canvas and encoded as a JPG on white (a transparent PNG would
 * otherwise turn black): exactly square, so the server accepts it.
 */
export const cropToSquare = async (url: string, area: Area): Promise<Blob> => {
  const image = await loadImage(url);
  const side = Math.max(1, Math.min(Math.round(Math.min(area.width, area.height)), MAX_SIDE));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, side, side);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('not encoded'))), 'image/jpeg', 0.9),
  );
};
