import type { CityMatch, CreateClubRequestSchema } from '@carta/contract/clubs';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
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
import type { z } from 'zod';
import { useBrands } from '../api/get-brands.ts';
import { useCities, useCitySearch, useCountries, useStates } from '../api/get-places.ts';
import { translateMessageKey } from '../lib/i18n.ts';
import { useDebounced } from '../lib/use-debounced.ts';
import { FormTextField } from './form-text-field.tsx';

export type ClubFormValues = z.input<typeof CreateClubRequestSchema>;
type AddressName = 'club.address' | 'club.billingAddress';

const ITALY = 'IT';

/**
 * Italy's comune: typing searches ISTAT's comuni of every province, accents aside; choosing one fills its
 * province. What is typed stays the city, so the server can still tell which comune it means.
 */
const ItalianCityField = ({ name }: { name: AddressName }) => {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<ClubFormValues>();
  const [typed, setTyped] = useState('');
  const query = useDebounced(typed.trim(), 200);
  const matches = useCitySearch(ITALY, query);
  const options = query ? (matches.data ?? []) : [];
  const errorText = (message: string | undefined) => (message ? translateMessageKey(t, message) : undefined);

  return (
    <Controller
      name={`${name}.city`}
      control={control}
      render={({ field, fieldState }) => (
        <Autocomplete<CityMatch, false, false, true>
          sx={{ flex: 1 }}
          freeSolo
          options={options}
          // The server already matched and ordered them.
          filterOptions={(found) => found}
          getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
          getOptionKey={(option) =>
            typeof option === 'string' ? option : `${option.name}|${option.stateIso2}`
          }
          isOptionEqualToValue={(option, value) =>
            option.name === value.name && option.stateIso2 === value.stateIso2
          }
          loading={matches.isFetching}
          inputValue={field.value ?? ''}
          onInputChange={(_, value, reason) => {
            field.onChange(value);
            if (reason === 'input') setTyped(value);
          }}
          onChange={(_, option) => {
            if (option && typeof option !== 'string') {
              field.onChange(option.name);
              setValue(`${name}.state`, option.stateIso2, { shouldDirty: true, shouldValidate: true });
            }
          }}
          renderOption={({ key, ...props }, option) => (
            <Box component="li" key={key} {...props}>
              <Stack>
                <Typography variant="body2">{option.name}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {`${option.stateName} (${option.stateIso2})`}
                </Typography>
              </Stack>
            </Box>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              label={t('clubForm.city')}
              required
              error={fieldState.invalid}
              helperText={errorText(fieldState.error?.message) ?? t('clubForm.comuneHelp')}
              slotProps={{
                input: {
                  ...params.InputProps,
                  endAdornment: (
                    <>
                      {matches.isFetching && <CircularProgress color="inherit" size={18} />}
                      {params.InputProps.endAdornment}
                    </>
                  ),
                },
              }}
            />
          )}
        />
      )}
    />
  );
};

/** Country, province and city pickers fed by the geography calls, then the address lines. */
export const AddressFields = ({ name }: { name: AddressName }) => {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<ClubFormValues>();
  const country = useWatch({ control, name: `${name}.country` }) ?? '';
  const state = useWatch({ control, name: `${name}.state` }) ?? '';
  const countries = useCountries();
  const isItaly = country === ITALY;
  const states = useStates(country);
  // Italy's comuni are searched by ItalianCityField instead of listed by province.
  const cities = useCities(isItaly ? '' : country, state);
  const stateOptions = states.data ?? [];
  const cityOptions = (cities.data ?? []).map((city) => city.name);
  const errorText = (message: string | undefined) => (message ? translateMessageKey(t, message) : undefined);

  return (
    <Stack spacing={2}>
      <Controller
        name={`${name}.country`}
        control={control}
        render={({ field, fieldState }) => (
          <Autocomplete
            options={countries.data ?? []}
            loading={countries.isPending}
            value={(countries.data ?? []).find((option) => option.iso2 === field.value) ?? null}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(option, value) => option.iso2 === value.iso2}
            onChange={(_, option) => {
              field.onChange(option?.iso2 ?? '');
              setValue(`${name}.state`, null);
              setValue(`${name}.city`, '');
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                label={t('clubForm.country')}
                required
                error={fieldState.invalid}
                helperText={errorText(fieldState.error?.message)}
              />
            )}
          />
        )}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {isItaly && <ItalianCityField name={name} />}
        <Controller
          name={`${name}.state`}
          control={control}
          render={({ field, fieldState }) => (
            <Autocomplete
              sx={{ flex: 1 }}
              options={stateOptions}
              disabled={stateOptions.length === 0}
              value={stateOptions.find((option) => option.iso2 === field.value) ?? null}
              getOptionLabel={(option) => (isItaly ? `${option.name} (${option.iso2})` : option.name)}
              isOptionEqualToValue={(option, value) => option.iso2 === value.iso2}
              onChange={(_, option) => {
                field.onChange(option?.iso2 ?? null);
                setValue(`${name}.city`, '');
              }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={field.ref}
                  label={t('clubForm.province')}
                  error={fieldState.invalid}
                  helperText={errorText(fieldState.error?.message)}
                />
              )}
            />
          )}
        />
        {!isItaly && (
          <Controller
            name={`${name}.city`}
            control={control}
            render={({ field, fieldState }) => (
              <Autocomplete
                sx={{ flex: 1 }}
                freeSolo
                options={cityOptions}
                inputValue={field.value ?? ''}
                onInputChange={(_, value) => field.onChange(value)}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    inputRef={field.ref}
                    label={t('clubForm.city')}
                    required
                    error={fieldState.invalid}
                    helperText={errorText(fieldState.error?.message)}
                  />
                )}
              />
            )}
          />
        )}
      </Stack>
      <FormTextField<ClubFormValues>
        name={`${name}.line1`}
        label={t('clubForm.line1')}
        required
        autoComplete="street-address"
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField<ClubFormValues> name={`${name}.line2`} label={t('clubForm.line2')} sx={{ flex: 1 }} />
        <FormTextField<ClubFormValues>
          name={`${name}.postalCode`}
          label={t('clubForm.postalCode')}
          required
          autoComplete="postal-code"
          sx={{ flex: 1 }}
        />
      </Stack>
    </Stack>
  );
};

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
