import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type FieldValues, type Path, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessageKey } from '../lib/i18n.ts';

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
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          {...field}
          value={field.value ?? ''}
          inputRef={field.ref}
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
