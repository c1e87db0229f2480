import type { ErrorCode } from '@carta/contract/errors';
import { ApiError } from './api-error.ts';

/**
 * For a promise's `catch`: answers the one refusal a screen treats its own way (a screen of its own, a
 * message worked out from the answer) and throws every other failure on, so `useFormSubmit` shows it
 * the way every form does.
 */
export const onRefusal =
  (code: ErrorCode, answer: (error: ApiError) => void) =>
  (error: unknown): undefined => {
    if (!(error instanceof ApiError) || error.code !== code) throw error;
    answer(error);
    return undefined;
  };
