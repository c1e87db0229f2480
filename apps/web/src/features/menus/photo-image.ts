import type { StoredImage } from '@carta/contract/clubs';
import { styled } from '@mui/material/styles';

/** The smallest of a stored image's WebP sizes at least `width` pixels wide (the largest when none is). */
export const photoUrl = (photo: StoredImage, width: number) => {
  const sizes = [...photo.variants].sort((first, second) => first.width - second.width);
  return (sizes.find((size) => size.width >= width) ?? sizes.at(-1))?.url ?? photo.url;
};

/** A dish's photo: an img whose width and height stay attributes (a Box would take them as styles). */
export const PhotoImage = styled('img')({ display: 'block' });
