import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/lib/api-error.ts';
import { UploadNetworkError, uploadFailureOf } from '../src/lib/upload-image.ts';

// The app's i18n setup and API client need a browser: their modules are replaced, and a text is its key.
vi.mock('../src/lib/i18n.ts', () => ({ i18n: { t: (key: string) => key } }));
vi.mock('../src/lib/api-client.ts', () => ({ apiRequest: vi.fn() }));

const t = (key: string) => `t:${key}`;

describe('uploadFailureOf', () => {
  it('asks to upload again when the bytes did not reach the storage', () => {
    expect(uploadFailureOf(new UploadNetworkError('timeout'), t)).toEqual({
      message: 't:upload.networkError',
      isNetwork: true,
    });
  });

  it('asks to upload again when the API did not answer', () => {
    const noAnswer = new ApiError({ status: 0, code: 'INTERNAL_ERROR', message: 'Errore interno' });
    expect(uploadFailureOf(noAnswer, t)).toEqual({ message: 't:upload.networkError', isNetwork: true });
  });

  it("says the API's own message for an answer that refused or failed", () => {
    for (const [status, code] of [
      [400, 'IMAGE_TOO_LARGE'],
      [503, 'INTERNAL_ERROR'],
    ] as const)
      expect(uploadFailureOf(new ApiError({ status, code, message: `from the API ${status}` }), t)).toEqual({
        message: `from the API ${status}`,
        isNetwork: false,
      });
  });

  it('says to try later for anything else', () => {
    expect(uploadFailureOf(new Error('crop failed'), t)).toEqual({
      message: 't:errors.GENERIC_TRY_LATER',
      isNetwork: false,
    });
  });
});
