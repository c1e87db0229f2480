import { TOTP_DIGITS } from '@carta/contract/limits';
import type { FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from './form-text-field.tsx';

/** The authenticator app's code in a form: the phone's number pad, and the one-time code autofill. */
export const FormCodeField = <Values extends FieldValues>({ name }: { name: Path<Values> }) => {
  const { t } = useTranslation();
  return (
    <FormTextField<Values>
      name={name}
      label={t('login.totp')}
      autoComplete="one-time-code"
      required
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: TOTP_DIGITS } }}
    />
  );
};
