import { UpdateClubRequestSchema } from '@carta/contract/clubs';
import { EInvoiceDataSchema, NO_SDI_CODE } from '@carta/contract/e-invoice';
import type { ClubDetails } from '@carta/contract/entities';
import { isEuCountry } from '@carta/contract/payments';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AddressFields } from '../../components/address-fields.tsx';
import { FormTextField } from '../../components/form-text-field.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { dateFormat } from '../../lib/date-formats.ts';
import { useSnackbar } from '../../lib/snackbar.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
import { useUpdateBillingProfile } from './api/update-billing-profile.ts';
import { BillingSection } from './billing-section.tsx';

// Under `club`, as in the creation form, so the shared address fields bind to the same names. The
// FatturaPA fields' rule is the contract's, for the billing country the form holds now (0062).
const billingFormSchema = (venueCountry: string) =>
  z
    .object({
      club: UpdateClubRequestSchema.pick({
        companyName: true,
        vatNumber: true,
        billingAddress: true,
        sdiCode: true,
        pec: true,
        fiscalCode: true,
      }),
    })
    .superRefine(({ club }, context) => {
      const country = club.billingAddress?.country || venueCountry;
      const result = EInvoiceDataSchema.safeParse({
        country,
        sdiCode: club.sdiCode,
        pec: club.pec,
        fiscalCode: club.fiscalCode,
      });
      for (const issue of result.error?.issues ?? [])
        context.addIssue({ code: 'custom', path: ['club', ...issue.path], message: issue.message });
    });
type BillingFormSchema = ReturnType<typeof billingFormSchema>;
type BillingFormValues = z.input<BillingFormSchema>;
type BillingRequest = z.output<BillingFormSchema>;

const EMPTY_ADDRESS = { country: '', line1: '', line2: '', postalCode: '', state: null, city: '' };

const valuesOf = (club: ClubDetails): BillingFormValues => ({
  club: {
    companyName: club.companyName,
    vatNumber: club.vatNumber,
    sdiCode: club.sdiCode ?? '',
    pec: club.pec ?? '',
    fiscalCode: club.fiscalCode ?? '',
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

/** What VIES said of the saved VAT number (EU billing countries but Italy), and when. */
const VatCheckAlert = ({ club }: { club: ClubDetails }) => {
  const { t } = useTranslation();
  const check = club.vatCheck;
  if (!check) return null;
  const values = {
    date: dateFormat({ dateStyle: 'medium' }).format(new Date(check.checkedAt)),
    number: check.vatNumber,
    name: check.name ?? '',
  };
  if (check.status === 'valid')
    return (
      <Alert severity="success" data-testid="vat-check">
        {t(check.name ? 'billing.eInvoice.viesValidNamed' : 'billing.eInvoice.viesValid', values)}
      </Alert>
    );
  if (check.status === 'invalid')
    return (
      <Alert severity="warning" data-testid="vat-check">
        <AlertTitle>{t('billing.eInvoice.viesInvalidTitle', values)}</AlertTitle>
        {t('billing.eInvoice.viesInvalid', values)}
      </Alert>
    );
  return (
    <Alert severity="info" data-testid="vat-check">
      {t('billing.eInvoice.viesUnavailable', values)}
    </Alert>
  );
};

/**
 * The billing profile: the club's own company name, VAT number and billing address (when it is not the
 * venue's), and for Italy where SDI delivers its e-invoices (recipient code, PEC) and its codice fiscale,
 * saved with the club (PATCH /clubs/{clubId}), which checks the VAT number with VIES elsewhere in the EU.
 * Invoices carry them as they are when issued.
 */
export const BillingProfileForm = ({ club }: { club: ClubDetails }) => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateBillingProfile(String(club.id));
  const form = useForm<BillingFormValues, unknown, BillingRequest>({
    resolver: zodResolver(billingFormSchema(club.address.country)),
    defaultValues: valuesOf(club),
    mode: 'onTouched',
  });
  const billingAddress = useWatch({ control: form.control, name: 'club.billingAddress' });
  const sdiCode = useWatch({ control: form.control, name: 'club.sdiCode' });
  const pec = useWatch({ control: form.control, name: 'club.pec' });
  const country = (billingAddress?.country || club.address.country).toUpperCase();
  const isItalian = country === 'IT';
  const hasNoDelivery = !pec && (!sdiCode || sdiCode.trim() === NO_SDI_CODE);

  // Each field issue takes the focus to its field, as the user's own mistakes do.
  const { run, formError } = useFormSubmit(form.setError, {
    fieldOf: (path) => `club.${path}`,
    isFocusingField: true,
  });

  const submit = ({ club: changes }: BillingRequest) =>
    run(async () => {
      const saved = await update.mutateAsync({
        ...changes,
        billingAddress: changes.billingAddress ?? null,
        sdiCode: changes.sdiCode ?? null,
        pec: changes.pec ?? null,
        fiscalCode: changes.fiscalCode ?? null,
      });
      form.reset(valuesOf(saved));
      enqueueSnackbar(t('billing.profile.saved'), { variant: 'success' });
    });

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
          {country !== 'IT' && isEuCountry(country) && <VatCheckAlert club={club} />}
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
          {isItalian && (
            <Stack
              spacing={2}
              component="fieldset"
              sx={{ border: 0, p: 0, m: 0 }}
              data-testid="e-invoice-fields"
            >
              <div>
                <Typography variant="subtitle1" component="legend" sx={{ p: 0 }}>
                  {t('billing.eInvoice.title')}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('billing.eInvoice.text')}
                </Typography>
              </div>
              <FormTextField<BillingFormValues>
                name="club.sdiCode"
                label={t('billing.eInvoice.sdiCode')}
                helperText={t('billing.eInvoice.sdiCodeHelp')}
                autoComplete="off"
                slotProps={{ htmlInput: { maxLength: 7, style: { textTransform: 'uppercase' } } }}
              />
              <FormTextField<BillingFormValues>
                name="club.pec"
                label={t('billing.eInvoice.pec')}
                helperText={t('billing.eInvoice.pecHelp')}
                type="email"
                autoComplete="email"
              />
              <FormTextField<BillingFormValues>
                name="club.fiscalCode"
                label={t('billing.eInvoice.fiscalCode')}
                helperText={t('billing.eInvoice.fiscalCodeHelp')}
                autoComplete="off"
                slotProps={{ htmlInput: { maxLength: 16, style: { textTransform: 'uppercase' } } }}
              />
              {hasNoDelivery && (
                <Alert severity="info" data-testid="cassetto-fiscale">
                  {t('billing.eInvoice.cassettoFiscale')}
                </Alert>
              )}
            </Stack>
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
