import { type StoredImage, StoredImageSchema } from '@carta/contract/clubs';
import { IMAGE_CONTENT_TYPES, IMAGE_MAX_BYTES } from '@carta/contract/limits';
import { type ImagePurpose, UploadTicketSchema } from '@carta/contract/uploads';
import { apiRequest } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { i18n } from './i18n.ts';

/** The client's own refusal of a file the server would refuse, in the same words. */
export const refuseImage = (code: 'IMAGE_TYPE_NOT_SUPPORTED' | 'IMAGE_TOO_LARGE') =>
  new ApiError({ status: 400, code, message: i18n.t(`errors.${code}`) });

/** Thrown when the bytes did not reach the storage: the user is asked to upload again. */
export class UploadNetworkError extends Error {
  constructor(cause: unknown) {
    super(i18n.t('upload.networkError'), { cause });
    this.name = 'UploadNetworkError';
  }
}

/** A failed upload in the user's words, and whether the connection was lost (so uploading again may work). */
export type UploadFailure = { message: string; isNetwork: boolean };

/**
 * What every upload says when it fails: a lost connection (the bytes did not reach the storage, or the API
 * did not answer) asks to upload again, a refusal says the API's own (translated) message, anything else to
 * try later.
 */
export const uploadFailureOf = (error: unknown, t: (key: string) => string): UploadFailure => {
  if (error instanceof UploadNetworkError || (error instanceof ApiError && error.status === 0))
    return { message: t('upload.networkError'), isNetwork: true };
  return {
    message: error instanceof ApiError ? error.message : t('errors.GENERIC_TRY_LATER'),
    isNetwork: false,
  };
};

/** How much of the body has gone out, from 0 to 1. */
export type UploadProgressListener = (fraction: number) => void;

/**
 * PUTs an image to its signed address, reporting its progress (fetch cannot tell how much of a body went
 * out, so this is an XMLHttpRequest). A refusal by the storage is an ApiError in the API's words; no
 * answer, or any other failure, is an UploadNetworkError.
 */
export const putImage = (
  url: string,
  image: Blob,
  contentType: string,
  onProgress?: UploadProgressListener,
) =>
  new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('Content-Type', contentType);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) return resolve();
      let code: string | undefined;
      try {
        code = (JSON.parse(request.responseText) as { code?: string }).code;
      } catch {
        code = undefined;
      }
      if (request.status === 413 || code === 'IMAGE_TOO_LARGE') return reject(refuseImage('IMAGE_TOO_LARGE'));
      if (code === 'IMAGE_TYPE_NOT_SUPPORTED') return reject(refuseImage('IMAGE_TYPE_NOT_SUPPORTED'));
      reject(new UploadNetworkError(request.status));
    };
    request.onerror = () => reject(new UploadNetworkError('network'));
    request.ontimeout = () => reject(new UploadNetworkError('timeout'));
    request.onabort = () => reject(new UploadNetworkError('abort'));
    request.send(image);
  });

/** POST /clubs/{clubId}/uploads/{uploadId}/complete: the API checks the PUT bytes by content and stores them. */
export const completeUpload = (clubId: string, uploadId: string): Promise<StoredImage> =>
  apiRequest(`/clubs/${encodeURIComponent(clubId)}/uploads/${encodeURIComponent(uploadId)}/complete`, {
    method: 'POST',
    responseSchema: StoredImageSchema,
  });

/**
 * The upload flow (docs/decisions/0011): a signed address from the API, the image PUT there as it is (binary, its
 * own content type), then the API checks it by content and stores it. The type and size are checked
 * here first only to spare a useless upload; the server decides.
 */
export const uploadImage = async (
  clubId: string,
  file: File,
  purpose: ImagePurpose,
  onProgress?: UploadProgressListener,
): Promise<StoredImage> => {
  const contentType = file.type as (typeof IMAGE_CONTENT_TYPES)[number];
  if (!IMAGE_CONTENT_TYPES.includes(contentType)) throw refuseImage('IMAGE_TYPE_NOT_SUPPORTED');
  if (file.size > IMAGE_MAX_BYTES) throw refuseImage('IMAGE_TOO_LARGE');
  const base = `/clubs/${encodeURIComponent(clubId)}/uploads`;
  const ticket = await apiRequest(base, {
    method: 'POST',
    body: { purpose, contentType },
    responseSchema: UploadTicketSchema,
  });
  await putImage(ticket.uploadUrl, file, contentType, onProgress);
  return completeUpload(clubId, ticket.uploadId);
};
