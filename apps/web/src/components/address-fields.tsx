import type { CityMatch } from '@carta/contract/clubs';
import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import {
  Controller,
  type ControllerFieldState,
  type ControllerRenderProps,
  useFormContext,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCities, useCitySearch, useCountries, useStates } from '../api/get-places.ts';
import { translateMessageKey } from '../lib/i18n.ts';
import { useDebounced } from '../lib/use-debounced.ts';
import type { ClubFormValues } from './club-form-values.ts';
import { FormTextField } from './form-text-field.tsx';

type AddressName = 'club.address' | 'club.billingAddress';

const errorText = (t: TFunction, message: string | undefined) =>
  message ? translateMessageKey(t, message) : undefined;

/** The text field of an address picker: its label, and the form's error under it in the interface language. */
const usePickerInput = () => {
  const { t } = useTranslation();
  return (
    field: Pick<ControllerRenderProps<ClubFormValues>, 'ref'>,
    fieldState: ControllerFieldState,
    label: string,
    isRequired: boolean,
  ) =>
    (params: AutocompleteRenderInputParams) => (
      <TextField
        {...params}
        inputRef={field.ref}
        label={label}
        required={isRequired}
        error={fieldState.invalid}
        helperText={errorText(t, fieldState.error?.message)}
      />
    );
};

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
              helperText={errorText(t, fieldState.error?.message) ?? t('clubForm.comuneHelp')}
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
  const pickerInput = usePickerInput();

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
            renderInput={pickerInput(field, fieldState, t('clubForm.country'), true)}
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
              renderInput={pickerInput(field, fieldState, t('clubForm.province'), false)}
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
                renderInput={pickerInput(field, fieldState, t('clubForm.city'), true)}
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
