import { type StoredImage, StoredImageSchema } from '@carta/contract/clubs';
import { IMAGE_MAX_BYTES } from '@carta/contract/limits';
import { UploadTicketSchema } from '@carta/contract/uploads';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { i18n } from '../../../lib/i18n.ts';
import { UploadNetworkError } from '../../../lib/upload-image.ts';

type ImageType = 'image/jpeg' | 'image/png';

/** GET /clubs/{clubId}/banners/menu/{menuId}: a signed address to PUT the banner's image to. */
export const getBannerUploadTicket = (clubId: string, menuId: string, contentType: ImageType) =>
  apiRequest(`/clubs/${clubId}/banners/menu/${menuId}`, {
    query: { contentType },
    responseSchema: UploadTicketSchema,
  });

const refuse = (code: 'IMAGE_TYPE_NOT_SUPPORTED' | 'IMAGE_TOO_LARGE') =>
  new ApiError({ status: 400, code, message: i18n.t(`errors.${code}`) });

/** The PUT itself, with its progress (fetch cannot tell how much of a body went out). */
const put = (url: string, image: Blob, contentType: ImageType, onProgress: (fraction: number) => void) =>
  new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('Content-Type', contentType);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) return resolve();
      let code: string | undefined;
      try {
        code = (JSON.parse(request.responseText) as { code?: string }).code;
      } catch {
        code = undefined;
      }
      if (request.status === 413 || code === 'IMAGE_TOO_LARGE') return reject(refuse('IMAGE_TOO_LARGE'));
      if (code === 'IMAGE_TYPE_NOT_SUPPORTED') return reject(refuse('IMAGE_TYPE_NOT_SUPPORTED'));
      reject(new UploadNetworkError(request.status));
    };
    request.onerror = () => reject(new UploadNetworkError('network'));
    request.ontimeout = () => reject(new UploadNetworkError('timeout'));
    request.onabort = () => reject(new UploadNetworkError('abort'));
    request.send(image);
  });

export type BannerUpload = { image: Blob; contentType: ImageType; onProgress: (fraction: number) => void };

/**
 * The upload flow of spec §7 for a banner: the address from the banner route, the cropped image PUT there
 * with its progress, then the API checks it by content and stores it (POST .../uploads/{id}/complete).
 * A network failure is an UploadNetworkError: the screen asks to upload again.
 */
export const uploadBannerImage = async (
  clubId: string,
  menuId: string,
  { image, contentType, onProgress }: BannerUpload,
): Promise<StoredImage> => {
  if (image.size > IMAGE_MAX_BYTES) throw refuse('IMAGE_TOO_LARGE');
  const ticket = await getBannerUploadTicket(clubId, menuId, contentType);
  await put(ticket.uploadUrl, image, contentType, onProgress);
  return apiRequest(`/clubs/${clubId}/uploads/${ticket.uploadId}/complete`, {
    method: 'POST',
    responseSchema: StoredImageSchema,
  });
};

export const useUploadBannerImage = (clubId: string, menuId: string) =>
  useMutation({
    mutationFn: (upload: BannerUpload) => uploadBannerImage(clubId, menuId, upload),
    meta: { hasOwnErrorMessage: true },
    // An upload is not repeated behind the owner's back: the screen offers to upload again.
    retry: false,
  });
