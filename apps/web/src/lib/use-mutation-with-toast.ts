import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-error.ts';
import { useSnackbar } from './snackbar.ts';

export type MutationToastOptions = {
  /**
   * A form shows the failure by its field: the message is the first field issue when there is one
   * (the API's general message otherwise).
   */
  isForForm?: boolean;
  /** With isForForm: a failure with field issues is shown by the field only, without a toast. */
  isFieldIssueOnlyInForm?: boolean;
};

/** What to tell the user about a failed call: the API's translated message, else a generic one. */
export const failureMessage = (
  error: unknown,
  fallback: string,
  { isForForm = false }: Pick<MutationToastOptions, 'isForForm'> = {},
): string => {
  if (!(error instanceof ApiError)) return fallback;
  return (isForForm ? error.issues[0]?.message : undefined) ?? error.message;
};

/**
 * Runs a mutation and says how it went in a toast. `run` answers null when done, or the failure's
 * message so a form can also show it by its field; it never throws.
 */
export const useMutationWithToast = <Data, Variables>(
  mutation: Pick<UseMutationResult<Data, Error, Variables>, 'mutateAsync'>,
  { isForForm = false, isFieldIssueOnlyInForm = false }: MutationToastOptions = {},
) => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  return async (
    variables: Variables,
    success?: string | ((data: Data) => string),
  ): Promise<string | null> => {
    try {
      const data = await mutation.mutateAsync(variables);
      const message = typeof success === 'function' ? success(data) : success;
      if (message) enqueueSnackbar(message, { variant: 'success' });
      return null;
    } catch (error) {
      const message = failureMessage(error, t('errors.GENERIC_TRY_LATER'), { isForForm });
      const isShownByField = isFieldIssueOnlyInForm && error instanceof ApiError && error.issues.length > 0;
      if (!isShownByField) enqueueSnackbar(message, { variant: 'error' });
      return message;
    }
  };
};
