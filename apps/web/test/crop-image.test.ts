import { IMAGE_MAX_BYTES } from '@carta/contract/limits';
import { describe, expect, it } from 'vitest';
import {
  CROP_ASPECTS,
  clampZoom,
  croppedSize,
  pickedImageProblem,
  ZOOM_LIMITS,
} from '../src/lib/crop-image.ts';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('the one image cropper', () => {
  it('sends exactly the chosen shape, at most the widest size', () => {
    expect(croppedSize({ width: 900 }, { aspect: CROP_ASPECTS.square, maxWidth: 1600 })).toEqual({
      width: 900,
      height: 900,
    });
    expect(croppedSize({ width: 3000 }, { aspect: CROP_ASPECTS.landscape, maxWidth: 1600 })).toEqual({
      width: 1600,
      height: 1200,
    });
    expect(croppedSize({ width: 0.2 }, { aspect: 1, maxWidth: 1600 })).toEqual({ width: 1, height: 1 });
  });

  it('zooms in tenths between the whole image and four times', () => {
    expect(clampZoom(0.5)).toBe(ZOOM_LIMITS.min);
    expect(clampZoom(9)).toBe(ZOOM_LIMITS.max);
    expect(clampZoom(1 + 0.1 + 0.1)).toBe(1.2);
  });

  it('refuses, before any upload, a file over 5 MB or one that is not a JPG, PNG or WebP', async () => {
    expect(await pickedImageProblem(new Blob([new Uint8Array(PNG_HEAD)]))).toBeNull();
    expect(await pickedImageProblem(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])]))).toBeNull();
    const webp = new Blob([new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ')]);
    expect(await pickedImageProblem(webp)).toBeNull();
    expect(await pickedImageProblem(new Blob(['GIF89a']))).toBe('typeNotSupported');
    const large = new Blob([new Uint8Array(PNG_HEAD), new Uint8Array(IMAGE_MAX_BYTES)]);
    expect(await pickedImageProblem(large)).toBe('tooLarge');
  });
});
