import { useState } from 'react';
import type { FieldValues, Path, UseFormReset, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError } from './api-error.ts';
import { useSnackbar } from './snackbar.ts';

/** A field issue's path in the form: the server names it from the request (`body.name`), the form `name`. */
export const formPathOf = (issuePath: string) => issuePath.replace(/^body\./, '');

/** Where a failed submit shows: each field issue on its field, the rest in one message. */
export type PlacedFailure = {
  fields: { path: string; message: string }[];
  /** A translation key (the unexpected failure) or the server's translated message; null when fields say it all. */
  message: { key: string } | { text: string } | null;
};

/**
 * Sorts a failed submit: a refused request's field issues go to the fields `fieldOf` knows (it answers null
 * for a path the form has no field for); what is left, or an unexpected failure, becomes one message.
 */
export const placeFailure = (error: unknown, fieldOf: (path: string) => string | null): PlacedFailure => {
  if (!(error instanceof ApiError) || isUnexpectedError(error))
    return { fields: [], message: { key: 'errors.GENERIC_TRY_LATER' } };
  const fields: PlacedFailure['fields'] = [];
  let isAllPlaced = true;
  for (const issue of error.issues) {
    const path = fieldOf(formPathOf(issue.path));
    if (path === null) isAllPlaced = false;
    else fields.push({ path, message: issue.message });
  }
  return { fields, message: fields.length > 0 && isAllPlaced ? null : { text: error.message } };
};

export type FormSubmitOptions = {
  /** The form's field for a path without `body.` (default: the path itself); null when it has none. */
  fieldOf?: (path: string) => string | null;
  /** Show the message in a toast rather than in `formError` (a form without an alert of its own). */
  isToast?: boolean;
  /** Move the focus to the first refused field (a long form, where it may be out of sight). */
  isFocusingField?: boolean;
};

/**
 * Sends a form the one way every form does: clears the last message, runs `send`, and on failure puts each
 * field issue on its field and the rest in `formError` (or a toast). `run` answers whether it went through
 * and never throws, so a screen writes only what success does.
 */
export const useFormSubmit = <Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  { fieldOf = (path) => path, isToast = false, isFocusingField = false }: FormSubmitOptions = {},
) => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [formError, setFormError] = useState<string | null>(null);
  const run = async (send: () => Promise<unknown>): Promise<boolean> => {
    setFormError(null);
    try {
      await send();
      return true;
    } catch (error) {
      const { fields, message } = placeFailure(error, fieldOf);
      for (const field of fields)
        setError(field.path as Path<Values>, { message: field.message }, { shouldFocus: isFocusingField });
      if (message) {
        const text = 'key' in message ? t(message.key) : message.text;
        if (isToast) enqueueSnackbar(text, { variant: 'error' });
        else setFormError(text);
      }
      return false;
    }
  };
  return { run, formError, setFormError };
};

/**
 * useFormSubmit for a form in a dialog that opens afresh each time: `close` puts the form back to `initial`
 * and forgets the last message before `onClose`, so the next opening starts clean.
 */
export const useDialogFormSubmit = <Values extends FieldValues>(
  form: { setError: UseFormSetError<Values>; reset: UseFormReset<Values> },
  { initial, onClose, ...options }: FormSubmitOptions & { initial: Values; onClose: () => void },
) => {
  const { run, formError, setFormError } = useFormSubmit(form.setError, options);
  const close = () => {
    form.reset(initial);
    setFormError(null);
    onClose();
  };
  return { run, formError, close };
};
