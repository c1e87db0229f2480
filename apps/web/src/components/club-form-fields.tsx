import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBrands } from '../api/get-brands.ts';
import { AddressFields } from './address-fields.tsx';
import type { ClubFormValues } from './club-form-values.ts';
import { FormTextField } from './form-text-field.tsx';

export type { ClubFormValues };

/** The business details of a club: the sign-up wizard's third step and the /clubs/new form. */
export const ClubFormFields = () => {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<ClubFormValues>();
  const brands = useBrands();
  const brandId = useWatch({ control, name: 'club.brandId' });
  const billingAddress = useWatch({ control, name: 'club.billingAddress' });
  const [areContactsOpen, setAreContactsOpen] = useState(false);

  return (
    <Stack spacing={2}>
      <FormTextField<ClubFormValues>
        name="club.name"
        label={t('clubForm.name')}
        required
        autoComplete="organization"
      />
      <FormTextField<ClubFormValues>
        name="club.seats"
        label={t('clubForm.seats')}
        helperText={t('clubForm.seatsHelp')}
        required
        type="number"
        slotProps={{ htmlInput: { min: 1, inputMode: 'numeric' } }}
      />

      <Typography variant="subtitle2" sx={{ pt: 1 }}>
        {t('clubForm.addressTitle')}
      </Typography>
      <AddressFields name="club.address" />

      <Typography variant="subtitle2" sx={{ pt: 1 }}>
        {t('clubForm.companyTitle')}
      </Typography>
      <FormTextField<ClubFormValues> name="club.companyName" label={t('clubForm.companyName')} required />
      <FormTextField<ClubFormValues> name="club.vatNumber" label={t('clubForm.vatNumber')} required />
      <FormControlLabel
        control={
          <Switch
            checked={Boolean(billingAddress)}
            onChange={(event) =>
              setValue(
                'club.billingAddress',
                event.target.checked
                  ? { country: '', line1: '', line2: '', postalCode: '', state: null, city: '' }
                  : null,
              )
            }
          />
        }
        label={t('clubForm.billingDifferent')}
      />
      {billingAddress && <AddressFields name="club.billingAddress" />}

      <Controller
        name="club.brandId"
        control={control}
        render={({ field }) => (
          <TextField
            select
            label={t('clubForm.brand')}
            helperText={t('clubForm.brandHelp')}
            value={field.value ?? ''}
            onChange={(event) =>
              field.onChange(event.target.value === '' ? null : Number(event.target.value))
            }
            fullWidth
          >
            <MenuItem value="">{t('clubForm.noBrand')}</MenuItem>
            {(brands.data ?? []).map((brand) => (
              <MenuItem key={brand.id} value={brand.id}>
                {brand.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Collapse in={Boolean(brandId)} unmountOnExit>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField<ClubFormValues>
            name="club.salesAccount.name"
            label={t('clubForm.salesName')}
            required
          />
          <FormTextField<ClubFormValues>
            name="club.salesAccount.lastName"
            label={t('clubForm.salesLastName')}
            required
          />
        </Stack>
      </Collapse>

      <FormControlLabel
        control={
          <Switch checked={areContactsOpen} onChange={(event) => setAreContactsOpen(event.target.checked)} />
        }
        label={t('clubForm.contactsToggle')}
      />
      <Collapse in={areContactsOpen}>
        <Stack spacing={2}>
          <FormTextField<ClubFormValues>
            name="club.displayEmail"
            label={t('clubForm.displayEmail')}
            type="email"
          />
          <FormTextField<ClubFormValues>
            name="club.displayPhone"
            label={t('clubForm.displayPhone')}
            type="tel"
          />
          <FormTextField<ClubFormValues>
            name="club.website"
            label={t('clubForm.website')}
            placeholder="https://"
          />
          <FormTextField<ClubFormValues>
            name="club.instagram"
            label="Instagram"
            placeholder="https://instagram.com/"
          />
          <FormTextField<ClubFormValues>
            name="club.facebook"
            label="Facebook"
            placeholder="https://facebook.com/"
          />
          <FormTextField<ClubFormValues> name="club.whatsapp" label="WhatsApp" type="tel" />
        </Stack>
      </Collapse>
    </Stack>
  );
};

/** Defaults of a new club form: Italy, no brand, no separate billing address. */
export const emptyClubForm = (): ClubFormValues['club'] => ({
  name: '',
  seats: '',
  address: { country: 'IT', line1: '', line2: '', postalCode: '', state: null, city: '' },
  brandId: null,
  salesAccount: { name: '', lastName: '' },
  companyName: '',
  vatNumber: '',
  billingAddress: null,
  displayEmail: '',
  displayPhone: '',
  website: '',
  facebook: '',
  instagram: '',
  whatsapp: '',
});
