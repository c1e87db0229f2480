import { GrantSponsorshipRequestSchema, SPONSORSHIP_MONTHS } from '@carta/contract/billing';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '../../components/form-dialog.tsx';
import { translateMessageKey } from '../../lib/i18n.ts';
import { useAdminBrands } from './api/brands.ts';
import type { ClubDialogProps } from './club-dialog-props.ts';

type Values = z.input<typeof GrantSponsorshipRequestSchema>;
type Request = z.output<typeof GrantSponsorshipRequestSchema>;

/**
 * A brand offers a venue 6 or 12 months of Smart (docs/product.md, Plans: a brand's sponsorship): the brand and
 * the length. A second offer to a partner's venue extends the first; a venue that pays its own
 * subscription is refused by the server.
 */
export const SponsorshipDialog = ({ club, isSaving, onSave, onClose }: ClubDialogProps<Request>) => {
  const { t } = useTranslation();
  const brands = useAdminBrands();
  const enabledBrands = (brands.data ?? []).filter((brand) => brand.enabled);
  const form = useForm<Values, unknown, Request>({
    resolver: zodResolver(GrantSponsorshipRequestSchema),
    // The venue's own brand first, when it has one.
    values: { brandId: club?.brand?.id ?? '', months: 12 },
  });
  return (
    <FormDialog
      isOpen={club !== null}
      onClose={onClose}
      form={form}
      onSubmit={onSave}
      title={t('admin.sponsorship.title', { name: club?.name ?? '' })}
      intro={
        <>
          <DialogContentText>{t('admin.sponsorship.text')}</DialogContentText>
          {brands.isSuccess && enabledBrands.length === 0 && (
            <Alert severity="warning">{t('admin.sponsorship.noBrands')}</Alert>
          )}
        </>
      }
      error={null}
      submitLabel={t('admin.sponsorship.save')}
      isSubmitting={isSaving}
      maxWidth="sm"
    >
      <Controller
        name="brandId"
        control={form.control}
        render={({ field, fieldState }) => (
          <TextField
            select
            required
            label={t('admin.sponsorship.brand')}
            value={field.value ?? ''}
            inputRef={field.ref}
            onChange={(event) => field.onChange(Number(event.target.value))}
            error={fieldState.invalid}
            helperText={
              fieldState.error?.message
                ? translateMessageKey(t, fieldState.error.message)
                : t('admin.sponsorship.brandHelp')
            }
          >
            {enabledBrands.map((brand) => (
              <MenuItem key={brand.id} value={brand.id}>
                {brand.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="months"
        control={form.control}
        render={({ field }) => (
          <FormControl>
            <FormLabel id="sponsorship-months">{t('admin.sponsorship.months')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="sponsorship-months"
              value={String(field.value)}
              onChange={(event) => field.onChange(Number(event.target.value))}
            >
              {SPONSORSHIP_MONTHS.map((months) => (
                <FormControlLabel
                  key={months}
                  value={String(months)}
                  control={<Radio />}
                  label={t('admin.sponsorship.monthsOption', { count: months })}
                />
              ))}
            </RadioGroup>
          </FormControl>
        )}
      />
    </FormDialog>
  );
};
