import { ITEM_VARIANTS_MAX, VARIANT_NAME_MAX } from '@carta/contract/item-variants';
import type { MenuLanguage } from '@carta/contract/limits';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/text-field.tsx';
import { translateMessageKey } from '../../lib/i18n.ts';
import { PriceField } from './item-form-fields.tsx';
import { type ItemFormValues as Values, variantFormValuesOf } from './item-form-values.ts';

/** A row's action: an icon button named for the variant it acts on, its tooltip saying the same. */
const RowButton = ({
  label,
  onClick,
  isDisabled = false,
  children,
}: {
  label: string;
  onClick: () => void;
  isDisabled?: boolean;
  children: ReactNode;
}) => (
  <Tooltip title={label}>
    {/* A disabled button gives its tooltip no events: the span takes them. */}
    <span>
      <IconButton aria-label={label} onClick={onClick} disabled={isDisabled}>
        {children}
      </IconButton>
    </span>
  </Tooltip>
);

/**
 * A variant's name. RHF checks a field array whole on every add, move and removal: its error shows only
 * once the field was left or the form sent, so a new row does not open with "required" under it.
 */
const VariantNameField = ({ index }: { index: number }) => {
  const { t } = useTranslation();
  const { control, formState } = useFormContext<Values>();
  return (
    <Controller
      name={`variants.${index}.name`}
      control={control}
      render={({ field: { ref, ...field }, fieldState }) => {
        const error = fieldState.isTouched || formState.isSubmitted ? fieldState.error : undefined;
        return (
          <TextField
            {...field}
            value={field.value ?? ''}
            inputRef={ref}
            fullWidth
            required
            label={t('itemForm.variants.name', { number: index + 1 })}
            error={Boolean(error)}
            helperText={error?.message ? translateMessageKey(t, error.message) : undefined}
            slotProps={{ htmlInput: { maxLength: VARIANT_NAME_MAX } }}
            sx={{ flex: 2 }}
          />
        );
      }}
    />
  );
};

/**
 * The dish's variants ("Calice 6 €", "Bottiglia 28 €"): a row each with its name and price, moved up or
 * down and removed by buttons (keyboard and touch alike), added at the end up to ITEM_VARIANTS_MAX. On a
 * phone the name takes the row and the price sits with the buttons under it.
 */
export const ItemVariantsField = ({ languages }: { languages: MenuLanguage[] }) => {
  const { t } = useTranslation();
  const { control, formState } = useFormContext<Values>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'variants', keyName: 'key' });
  const listError = formState.errors.variants?.message ?? formState.errors.variants?.root?.message;
  const typed = useWatch({ control, name: 'variants' });
  // The buttons say which variant they act on, by its name as typed.
  const nameOf = (index: number) =>
    typed?.[index]?.name?.trim() || t('itemForm.variants.unnamed', { number: index + 1 });
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('itemForm.variants.help')}
      </Typography>
      {fields.length > 0 && (
        <Stack component="ol" spacing={2} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {fields.map((field, index) => (
            <Stack
              key={field.key}
              component="li"
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              // On a phone a row is two lines (name, then price and buttons): a rule keeps rows apart.
              sx={{
                alignItems: { sm: 'flex-start' },
                ...(index > 0 && {
                  pt: { xs: 2, sm: 0 },
                  borderTop: { xs: '1px solid', sm: 'none' },
                  borderTopColor: { xs: 'divider' },
                }),
              }}
              data-testid="variant-row"
            >
              <VariantNameField index={index} />
              <Stack direction="row" spacing={0.5} sx={{ flex: { sm: 1.6 }, alignItems: 'flex-start' }}>
                <PriceField
                  name={`variants.${index}.price`}
                  label={t('itemForm.variants.price', { number: index + 1 })}
                  helperText={null}
                  isQuietUntilTouched
                />
                <RowButton
                  label={t('itemForm.variants.moveUp', { name: nameOf(index) })}
                  onClick={() => move(index, index - 1)}
                  isDisabled={index === 0}
                >
                  <ArrowUpward />
                </RowButton>
                <RowButton
                  label={t('itemForm.variants.moveDown', { name: nameOf(index) })}
                  onClick={() => move(index, index + 1)}
                  isDisabled={index === fields.length - 1}
                >
                  <ArrowDownward />
                </RowButton>
                <RowButton
                  label={t('itemForm.variants.remove', { name: nameOf(index) })}
                  onClick={() => remove(index)}
                >
                  <DeleteOutline />
                </RowButton>
              </Stack>
            </Stack>
          ))}
        </Stack>
      )}
      {listError && (
        <Typography color="error" variant="body2" role="alert">
          {translateMessageKey(t, listError)}
        </Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<Add />}
          onClick={() => append(variantFormValuesOf(undefined, languages), { shouldFocus: true })}
          disabled={fields.length >= ITEM_VARIANTS_MAX}
        >
          {t('itemForm.variants.add')}
        </Button>
        {fields.length >= ITEM_VARIANTS_MAX && (
          <Typography variant="body2" color="text.secondary">
            {t('itemForm.variants.max', { max: ITEM_VARIANTS_MAX })}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
};
