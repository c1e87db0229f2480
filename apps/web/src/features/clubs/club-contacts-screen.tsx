import { wifiPasswordIssue } from '@carta/contract/club-links';
import { AddressInputSchema, UpdateClubRequestSchema } from '@carta/contract/clubs';
import type { ClubDetails } from '@carta/contract/entities';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AddressFields } from '../../components/address-fields.tsx';
import { FormTextField } from '../../components/form-text-field.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { useSnackbar } from '../../lib/snackbar.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
import { useUpdateClub } from './api/update-club.ts';
import { ClubLogoField } from './club-logo-field.tsx';
import { ClubQueryGate } from './club-query-gate.tsx';
import { GuestLinksFields } from './guest-links-fields.tsx';

// Under `club`, as in the creation form, so the shared address fields bind to the same names.
const ContactsFormSchema = z.object({
  club: UpdateClubRequestSchema.pick({
    displayEmail: true,
    displayPhone: true,
    whatsapp: true,
    website: true,
    facebook: true,
    instagram: true,
    googleReviewUrl: true,
    bookingUrl: true,
    deliveryUrl: true,
    wifiName: true,
    wifiPassword: true,
  })
    .extend({ address: AddressInputSchema })
    .superRefine((club, context) => {
      const issue = wifiPasswordIssue(club);
      if (issue) context.addIssue({ code: 'custom', path: ['wifiPassword'], message: issue });
    }),
});
type ContactsFormValues = z.input<typeof ContactsFormSchema>;
type ContactsRequest = z.output<typeof ContactsFormSchema>;

const valuesOf = (club: ClubDetails): ContactsFormValues => ({
  club: {
    address: {
      country: club.address.country,
      line1: club.address.line1,
      line2: club.address.line2 ?? '',
      postalCode: club.address.postalCode,
      state: club.address.state,
      city: club.address.city,
    },
    displayEmail: club.displayEmail ?? '',
    displayPhone: club.displayPhone ?? '',
    whatsapp: club.whatsapp ?? '',
    website: club.website ?? '',
    facebook: club.facebook ?? '',
    instagram: club.instagram ?? '',
    googleReviewUrl: club.googleReviewUrl ?? '',
    bookingUrl: club.bookingUrl ?? '',
    deliveryUrl: club.deliveryUrl ?? '',
    wifiName: club.wifiName ?? '',
    wifiPassword: club.wifiPassword ?? '',
  },
});

const Section = ({ title, text, children }: { title: string; text?: string; children: ReactNode }) => (
  <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
    <Typography variant="h3" component="h2" sx={{ mb: text ? 0.5 : 2 }}>
      {title}
    </Typography>
    {text && (
      <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
        {text}
      </Typography>
    )}
    {children}
  </Paper>
);

const ContactsForm = ({ club }: { club: ClubDetails }) => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const updateClub = useUpdateClub(String(club.id));
  const form = useForm<ContactsFormValues, unknown, ContactsRequest>({
    resolver: zodResolver(ContactsFormSchema),
    defaultValues: valuesOf(club),
    mode: 'onTouched',
  });

  // Each field issue takes the focus to its field, as the user's own mistakes do.
  const { run, formError } = useFormSubmit(form.setError, {
    fieldOf: (path) => `club.${path}`,
    isFocusingField: true,
  });

  const submit = ({ club: changes }: ContactsRequest) =>
    run(async () => {
      const saved = await updateClub.mutateAsync(changes);
      form.reset(valuesOf(saved));
      enqueueSnackbar(t('contacts.saved'), { variant: 'success' });
    });

  const link = (name: 'website' | 'facebook' | 'instagram', placeholder: string) => (
    <FormTextField<ContactsFormValues>
      name={`club.${name}`}
      label={t(`contacts.${name}`)}
      placeholder={placeholder}
      type="url"
      inputMode="url"
    />
  );

  return (
    <FormProvider {...form}>
      <UnsavedChangesGuard isDirty={form.formState.isDirty && !form.formState.isSubmitting} />
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        onSubmit={form.handleSubmit(submit)}
        sx={{ maxWidth: 760 }}
      >
        {formError && <Alert severity="error">{formError}</Alert>}
        <Section title={t('contacts.logoTitle')}>
          <ClubLogoField club={club} />
        </Section>
        <Section title={t('contacts.addressTitle')} text={t('contacts.addressText')}>
          <AddressFields name="club.address" />
        </Section>
        <Section title={t('contacts.guestsTitle')} text={t('contacts.guestsText')}>
          <Stack spacing={2}>
            <FormTextField<ContactsFormValues>
              name="club.displayEmail"
              label={t('contacts.displayEmail')}
              type="email"
              autoComplete="email"
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField<ContactsFormValues>
                name="club.displayPhone"
                label={t('contacts.displayPhone')}
                type="tel"
                autoComplete="tel"
              />
              <FormTextField<ContactsFormValues>
                name="club.whatsapp"
                label={t('contacts.whatsapp')}
                type="tel"
                helperText={t('contacts.whatsappHelp')}
              />
            </Stack>
          </Stack>
        </Section>
        <Section title={t('contacts.socialTitle')}>
          <Stack spacing={2}>
            {link('website', 'https://')}
            {link('facebook', 'https://facebook.com/')}
            {link('instagram', 'https://instagram.com/')}
          </Stack>
        </Section>
        <Section title={t('contacts.linksTitle')} text={t('contacts.linksText')}>
          <GuestLinksFields<ContactsFormValues> />
        </Section>
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button disabled={!form.formState.isDirty} onClick={() => form.reset(valuesOf(club))}>
            {t('contacts.discard')}
          </Button>
          <Button type="submit" variant="contained" size="large" loading={updateClub.isPending}>
            {t('contacts.save')}
          </Button>
        </Stack>
      </Stack>
    </FormProvider>
  );
};

/** /clubs/:clubId/profile/contacts: where guests find the venue, and its logo. */
export const ClubContactsScreen = () => {
  const { t } = useTranslation();
  return (
    <>
      <ScreenHeader title={t('screens.contacts')} subtitle={t('contacts.subtitle')} />
      <ClubQueryGate>{(club) => <ContactsForm key={club.id} club={club} />}</ClubQueryGate>
    </>
  );
};
