import { type StoredImage, StoredImageSchema } from '@carta/contract/clubs';
import { IMAGE_CONTENT_TYPES, IMAGE_MAX_BYTES } from '@carta/contract/limits';
import { type ImagePurpose, UploadTicketSchema } from '@carta/contract/uploads';
import { apiRequest } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { i18n } from './i18n.ts';

const refuse = (code: 'IMAGE_TYPE_NOT_SUPPORTED' | 'IMAGE_TOO_LARGE') =>
  new ApiError({ status: 400, code, message: i18n.t(`errors.${code}`) });

/** Thrown when the bytes did not reach the storage: the user is asked to upload again. */
export class UploadNetworkError extends Error {
  constructor(cause: unknown) {
    super(i18n.t('upload.networkError'), { cause });
    this.name = 'UploadNetworkError';
  }
}

/**
 * The upload flow of spec §7: a signed address from the API, the image PUT there as it is (binary, its
 * own content type), then the API checks it by content and stores it. The type and size are checked
 * here first only to spare a useless upload; the server decides.
 */
export const uploadImage = async (
  clubId: string,
  file: File,
  purpose: ImagePurpose,
): Promise<StoredImage> => {
  const contentType = file.type as (typeof IMAGE_CONTENT_TYPES)[number];
  if (!IMAGE_CONTENT_TYPES.includes(contentType)) throw refuse('IMAGE_TYPE_NOT_SUPPORTED');
  if (file.size > IMAGE_MAX_BYTES) throw refuse('IMAGE_TOO_LARGE');
  const base = `/clubs/${encodeURIComponent(clubId)}/uploads`;
  const ticket = await apiRequest(base, {
    method: 'POST',
    body: { purpose, contentType },
    responseSchema: UploadTicketSchema,
  });
  let response: Response;
  try {
    response = await fetch(ticket.uploadUrl, {
      method: 'PUT',
      headers: { 'Content-Type': contentType },
      body: file,
    });
  } catch (error) {
    throw new UploadNetworkError(error);
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { code?: string } | null;
    if (payload?.code === 'IMAGE_TOO_LARGE' || response.status === 413) throw refuse('IMAGE_TOO_LARGE');
    if (payload?.code === 'IMAGE_TYPE_NOT_SUPPORTED') throw refuse('IMAGE_TYPE_NOT_SUPPORTED');
    throw new UploadNetworkError(response.status);
  }
  return apiRequest(`${base}/${ticket.uploadId}/complete`, {
    method: 'POST',
    responseSchema: StoredImageSchema,
  });
};
