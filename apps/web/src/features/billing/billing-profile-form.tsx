import { UpdateClubRequestSchema } from '@carta/contract/clubs';
import type { ClubDetails } from '@carta/contract/entities';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormProvider, type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AddressFields } from '../../components/club-form-fields.tsx';
import { FormTextField } from '../../components/form-text-field.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { ApiError, isUnexpectedError } from '../../lib/api-error.ts';
import { useSnackbar } from '../../lib/snackbar.ts';
import { useUpdateBillingProfile } from './api/update-billing-profile.ts';
import { BillingSection } from './billing-section.tsx';

// Under `club`, as in the creation form, so the shared address fields bind to the same names.
const BillingFormSchema = z.object({
  club: UpdateClubRequestSchema.pick({ companyName: true, vatNumber: true, billingAddress: true }),
});
type BillingFormValues = z.input<typeof BillingFormSchema>;
type BillingRequest = z.output<typeof BillingFormSchema>;

const EMPTY_ADDRESS = { country: '', line1: '', line2: '', postalCode: '', state: null, city: '' };

const valuesOf = (club: ClubDetails): BillingFormValues => ({
  club: {
    companyName: club.companyName,
    vatNumber: club.vatNumber,
    billingAddress: club.billingAddress
      ? {
          country: club.billingAddress.country,
          line1: club.billingAddress.line1,
          line2: club.billingAddress.line2 ?? '',
          postalCode: club.billingAddress.postalCode,
          state: club.billingAddress.state,
          city: club.billingAddress.city,
        }
      : null,
  },
});

const addressLine = (address: ClubDetails['address']) =>
  [address.line1, address.line2, `${address.postalCode} ${address.city}`, address.state, address.country]
    .filter(Boolean)
    .join(', ');

/**
 * The billing profile: the club's own company name, VAT number and billing address (when it is not the
 * venue's), saved with the club (PATCH /clubs/{clubId}). Invoices carry them as they are when issued.
 */
export const BillingProfileForm = ({ club }: { club: ClubDetails }) => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateBillingProfile(String(club.id));
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<BillingFormValues, unknown, BillingRequest>({
    resolver: zodResolver(BillingFormSchema),
    defaultValues: valuesOf(club),
    mode: 'onTouched',
  });
  const billingAddress = useWatch({ control: form.control, name: 'club.billingAddress' });

  const submit = async ({ club: changes }: BillingRequest) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync({ ...changes, billingAddress: changes.billingAddress ?? null });
      form.reset(valuesOf(saved));
      enqueueSnackbar(t('billing.profile.saved'), { variant: 'success' });
    } catch (error) {
      if (!(error instanceof ApiError) || isUnexpectedError(error)) {
        setFormError(t('errors.GENERIC_TRY_LATER'));
        return;
      }
      for (const issue of error.issues) {
        const path = `club.${issue.path.replace(/^body\./, '')}` as Path<BillingFormValues>;
        form.setError(path, { message: issue.message }, { shouldFocus: true });
      }
      if (error.issues.length === 0) setFormError(error.message);
    }
  };

  return (
    <BillingSection
      title={t('billing.profile.title')}
      text={t('billing.profile.text')}
      testId="billing-profile"
    >
      <FormProvider {...form}>
        <UnsavedChangesGuard isDirty={form.formState.isDirty && !form.formState.isSubmitting} />
        <Stack component="form" noValidate spacing={2} onSubmit={form.handleSubmit(submit)}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <FormTextField<BillingFormValues>
            name="club.companyName"
            label={t('clubForm.companyName')}
            required
            autoComplete="organization"
          />
          <FormTextField<BillingFormValues>
            name="club.vatNumber"
            label={t('clubForm.vatNumber')}
            helperText={t('billing.profile.vatHelp')}
            required
          />
          <FormControlLabel
            control={
              <Switch
                checked={Boolean(billingAddress)}
                onChange={(event) =>
                  form.setValue('club.billingAddress', event.target.checked ? EMPTY_ADDRESS : null, {
                    shouldDirty: true,
                  })
                }
              />
            }
            label={t('clubForm.billingDifferent')}
          />
          {billingAddress ? (
            <AddressFields name="club.billingAddress" />
          ) : (
            <Typography variant="body2" color="text.secondary" data-testid="billing-venue-address">
              {t('billing.profile.venueAddress', { address: addressLine(club.address) })}
            </Typography>
          )}
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button disabled={!form.formState.isDirty} onClick={() => form.reset(valuesOf(club))}>
              {t('contacts.discard')}
            </Button>
            <Button type="submit" variant="contained" loading={update.isPending}>
              {t('billing.profile.save')}
            </Button>
          </Stack>
        </Stack>
      </FormProvider>
    </BillingSection>
  );
};
