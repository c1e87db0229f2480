import { Controller, type FieldValues, type Path, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessageKey } from '../lib/i18n.ts';
import { TextField, type TextFieldProps } from './text-field.tsx';

type FormTextFieldProps<Values extends FieldValues> = Omit<TextFieldProps, 'name'> & { name: Path<Values> };

/** A text field bound to the surrounding form, its error translated (message keys or server text). */
export const FormTextField = <Values extends FieldValues>({
  name,
  helperText,
  ...props
}: FormTextFieldProps<Values>) => {
  const { t } = useTranslation();
  const { control } = useFormContext<Values>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, ...field }, fieldState }) => (
        <TextField
          {...props}
          {...field}
          value={field.value ?? ''}
          // The form focuses the first invalid field through this ref: it must be the input, not its box.
          inputRef={ref}
          fullWidth
          error={fieldState.invalid}
          helperText={
            fieldState.error?.message ? translateMessageKey(t, fieldState.error.message) : helperText
          }
        />
      )}
    />
  );
};
