import type { StoredImage } from '@carta/contract/clubs';
import { IMAGE_MAX_BYTES } from '@carta/contract/limits';
import { UploadTicketSchema } from '@carta/contract/uploads';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import {
  completeUpload,
  putImage,
  refuseImage,
  type UploadProgressListener,
} from '../../../lib/upload-image.ts';

type ImageType = 'image/jpeg' | 'image/png';

/** GET /clubs/{clubId}/banners/menu/{menuId}: a signed address to PUT the banner's image to. */
export const getBannerUploadTicket = (clubId: string, menuId: string, contentType: ImageType) =>
  apiRequest(`/clubs/${clubId}/banners/menu/${menuId}`, {
    query: { contentType },
    responseSchema: UploadTicketSchema,
  });

export type BannerUpload = { image: Blob; contentType: ImageType; onProgress: UploadProgressListener };

/**
 * The upload flow (docs/decisions/0011) for a banner: the address from the banner route, the cropped image PUT there
 * with its progress, then the API checks it by content and stores it (POST .../uploads/{id}/complete).
 * A network failure is an UploadNetworkError: the screen asks to upload again.
 */
export const uploadBannerImage = async (
  clubId: string,
  menuId: string,
  { image, contentType, onProgress }: BannerUpload,
): Promise<StoredImage> => {
  if (image.size > IMAGE_MAX_BYTES) throw refuseImage('IMAGE_TOO_LARGE');
  const ticket = await getBannerUploadTicket(clubId, menuId, contentType);
  await putImage(ticket.uploadUrl, image, contentType, onProgress);
  return completeUpload(clubId, ticket.uploadId);
};

export const useUploadBannerImage = (clubId: string, menuId: string) =>
  useMutation({
    mutationFn: (upload: BannerUpload) => uploadBannerImage(clubId, menuId, upload),
    meta: { hasOwnErrorMessage: true },
    // An upload is not repeated behind the owner's back: the screen offers to upload again.
    retry: false,
  });
