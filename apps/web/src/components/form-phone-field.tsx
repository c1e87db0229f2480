import { type FieldValues, type Path, useWatch } from 'react-hook-form';
import { FormTextField } from './form-text-field.tsx';
import { phonePrefixSlot } from './phone-prefix.tsx';

/**
 * The owner's phone as the name they sign in with, bound to the surrounding form: a required tel field,
 * focused first, with "+39" in front until a country code is typed.
 */
export const FormPhoneField = <Values extends FieldValues>({
  name,
  label,
}: {
  name: Path<Values>;
  label: string;
}) => {
  const value = useWatch<Values>({ name });
  return (
    <FormTextField<Values>
      name={name}
      label={label}
      type="tel"
      autoComplete="username"
      autoFocus
      required
      slotProps={{ htmlInput: { inputMode: 'tel' }, input: phonePrefixSlot(value) }}
    />
  );
};
