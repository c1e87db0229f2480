import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/lib/api-error.ts';
import { onRefusal } from '../src/lib/on-refusal.ts';

const refusal = (code: 'RESET_LINK_INVALID' | 'RATE_LIMITED') =>
  new ApiError({ status: 400, code, message: 'Link non valido.' });

describe('onRefusal', () => {
  it('answers the named refusal itself, so the submit counts as handled', async () => {
    const answer = vi.fn();
    const result = await Promise.reject(refusal('RESET_LINK_INVALID')).catch(
      onRefusal('RESET_LINK_INVALID', answer),
    );
    expect(result).toBeUndefined();
    expect(answer).toHaveBeenCalledWith(expect.objectContaining({ message: 'Link non valido.' }));
  });

  it('throws any other refusal or failure on, for the form to show the usual way', async () => {
    const answer = vi.fn();
    for (const error of [refusal('RATE_LIMITED'), new Error('offline')])
      await expect(Promise.reject(error).catch(onRefusal('RESET_LINK_INVALID', answer))).rejects.toBe(error);
    expect(answer).not.toHaveBeenCalled();
  });
});
