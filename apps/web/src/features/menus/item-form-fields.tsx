import { ALLERGENS } from '@carta/contract/entities';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { Controller, type Path, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { currentLanguage, translateMessageKey } from '../../lib/i18n.ts';
import { type ItemFormValues, priceText, toggledAllergen, typedPrice } from './item-form-values.ts';
import { ToggleChip } from './toggle-chip.tsx';

const useFormContextValues = () => useFormContext<ItemFormValues>();

/** One titled part of the item form (the dish, its photo, its price…). */
export const FormSection = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
    <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
      {title}
    </Typography>
    <Stack spacing={2}>{children}</Stack>
  </Paper>
);

type PriceFieldProps = {
  /** The dish's own price, or one of its variants'. */
  name?: 'price' | `variants.${number}.price`;
  label?: string;
  /** Under the field while it has no error: the decimals rule unless given (null: nothing). */
  helperText?: string | null;
  /**
   * Its error shows once the field was left or the form sent: a variant's row, which the list checks
   * whole on every add, move or removal, does not greet a new row with errors.
   */
  isQuietUntilTouched?: boolean;
};

/** A price typed the Italian or the English way ("6,50" or "6.50"); blank is no price. */
export const PriceField = ({
  name = 'price',
  label,
  helperText,
  isQuietUntilTouched = false,
}: PriceFieldProps) => {
  const { t } = useTranslation();
  const { control, formState } = useFormContextValues();
  const [text, setText] = useState<string | null>(null);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const error =
          !isQuietUntilTouched || fieldState.isTouched || formState.isSubmitted
            ? fieldState.error
            : undefined;
        return (
          <TextField
            label={label ?? t('itemForm.price')}
            value={text ?? priceText(field.value, currentLanguage())}
            onChange={(event) => {
              setText(event.target.value);
              field.onChange(typedPrice(event.target.value));
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(error)}
            helperText={
              error?.message
                ? translateMessageKey(t, error.message)
                : helperText === undefined
                  ? t('itemForm.priceHelp')
                  : helperText
            }
            sx={{ flex: 1 }}
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: { startAdornment: <InputAdornment position="start">€</InputAdornment> },
            }}
          />
        );
      }}
    />
  );
};

/** A yes/no of the dish as a switch, with a line saying what it does for guests. */
export const SwitchField = ({
  name,
  label,
  help,
}: {
  name: Path<ItemFormValues>;
  label: string;
  help?: string;
}) => {
  const { control } = useFormContextValues();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Stack>
          <FormControlLabel
            control={
              <Switch
                checked={Boolean(field.value)}
                onChange={(event) => field.onChange(event.target.checked)}
              />
            }
            label={label}
          />
          {help && <FormHelperText sx={{ mt: -0.5, ml: 6 }}>{help}</FormHelperText>}
        </Stack>
      )}
    />
  );
};

/** The allergens as chips to switch on and off, in the order of the full list. */
export const AllergenChips = () => {
  const { t } = useTranslation();
  const { control } = useFormContextValues();
  return (
    <Controller
      name="allergens"
      control={control}
      render={({ field }) => {
        const chosen = field.value ?? [];
        return (
          <Stack
            direction="row"
            sx={{ flexWrap: 'wrap', gap: 1 }}
            role="group"
            aria-label={t('itemForm.allergens')}
          >
            {ALLERGENS.map((allergen) => (
              <ToggleChip
                key={allergen}
                label={t(`allergens.${allergen}`)}
                isOn={chosen.includes(allergen)}
                onClick={() => field.onChange(toggledAllergen(chosen, allergen))}
              />
            ))}
          </Stack>
        );
      }}
    />
  );
};
