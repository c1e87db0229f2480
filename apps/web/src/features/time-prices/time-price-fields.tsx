import { formatPrice } from '@carta/contract/format-price';
import { percentOffPrice } from '@carta/contract/price-in-force';
import NightlightOutlined from '@mui/icons-material/NightlightOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form-text-field.tsx';
import { WeekdayChips } from '../../components/weekday-chips.tsx';
import { translateMessageKey } from '../../lib/i18n.ts';
import { formatTime } from '../../lib/time-price-words.ts';
import type { TargetOption, TimePriceFormValues } from './time-price-form.ts';

/** Every quarter hour of the day, and the rule's own times when they fall between. */
const timeChoices = (...kept: string[]) => {
  const quarters = Array.from({ length: 96 }, (_, index) => {
    const minutes = index * 15;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  });
  return [...new Set([...quarters, ...kept])].sort();
};

/** What the rule applies to: a whole category, or one dish, found by typing its name. */
export const TargetField = ({ options }: { options: TargetOption[] }) => {
  const { t, i18n } = useTranslation();
  const { control, setValue } = useFormContext<TimePriceFormValues>();
  const optionLabel = (option: TargetOption) =>
    option.kind === 'section'
      ? t('timePrices.wholeSection', { section: option.name })
      : `${option.name} · ${option.sectionName}`;
  return (
    <Controller
      name="target"
      control={control}
      render={({ field, fieldState }) => (
        <Autocomplete<TargetOption, false, false, false>
          options={options}
          value={options.find((option) => option.key === field.value) ?? null}
          onChange={(_, option) => {
            field.onChange(option?.key ?? '');
            if (option?.isPercentOnly) setValue('change', 'percent');
          }}
          groupBy={(option) => option.menuName}
          getOptionLabel={optionLabel}
          getOptionKey={(option) => option.key}
          isOptionEqualToValue={(option, value) => option.key === value.key}
          noOptionsText={t('timePrices.noTargets')}
          renderOption={({ key, ...props }, option) => (
            <Box component="li" key={key} {...props} sx={{ pl: option.kind === 'item' ? 4 : 2 }}>
              <Stack direction="row" sx={{ width: '100%', gap: 1, justifyContent: 'space-between' }}>
                <Typography variant="body2" sx={{ fontWeight: option.kind === 'section' ? 600 : 400 }}>
                  {option.kind === 'section' ? optionLabel(option) : option.name}
                </Typography>
                {option.price !== null && (
                  <Typography variant="body2" color="text.secondary">
                    {formatPrice(option.price, { language: i18n.language })}
                  </Typography>
                )}
              </Stack>
            </Box>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              required
              label={t('timePrices.target')}
              error={fieldState.invalid}
              helperText={
                fieldState.error?.message
                  ? translateMessageKey(t, fieldState.error.message)
                  : t('timePrices.targetHelp')
              }
            />
          )}
        />
      )}
    />
  );
};

/** A percentage off (anything) or a new price (a dish without variants), with what it makes. */
export const ChangeField = ({ target }: { target: TargetOption | undefined }) => {
  const { t, i18n } = useTranslation();
  const { control, setValue } = useFormContext<TimePriceFormValues>();
  const [change, percentOff] = useWatch({ control, name: ['change', 'percentOff'] });
  const isPercentOnly = target?.isPercentOnly ?? false;
  const percent = Number(percentOff);
  const language = i18n.language;
  const sample = target?.example;
  const example =
    sample && Number.isInteger(percent) && percent >= 1 && percent <= 100
      ? t('timePrices.makes', {
          name: sample.name,
          usual: formatPrice(sample.price, { language }),
          price: formatPrice(percentOffPrice(sample.price, percent), { language }),
        })
      : undefined;
  return (
    <Stack spacing={1.5}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={change}
        onChange={(_, value: TimePriceFormValues['change'] | null) => value && setValue('change', value)}
        aria-label={t('timePrices.change')}
      >
        <ToggleButton value="percent">{t('timePrices.percentChoice')}</ToggleButton>
        <ToggleButton value="price" disabled={isPercentOnly}>
          {t('timePrices.priceChoice')}
        </ToggleButton>
      </ToggleButtonGroup>
      {isPercentOnly && (
        <Typography variant="body2" color="text.secondary">
          {target?.kind === 'section'
            ? t('timePrices.percentOnlySection')
            : t('timePrices.percentOnlyVariants')}
        </Typography>
      )}
      {change === 'percent' ? (
        <FormTextField<TimePriceFormValues>
          name="percentOff"
          required
          label={t('timePrices.percentLabel')}
          helperText={example}
          slotProps={{
            htmlInput: { inputMode: 'numeric', maxLength: 3 },
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          }}
        />
      ) : (
        <FormTextField<TimePriceFormValues>
          name="price"
          required
          label={t('timePrices.newPrice')}
          helperText={
            target?.price !== null && target?.price !== undefined
              ? t('timePrices.usualPrice', { price: formatPrice(target.price, { language: i18n.language }) })
              : undefined
          }
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: { startAdornment: <InputAdornment position="start">€</InputAdornment> },
          }}
        />
      )}
    </Stack>
  );
};

/** The days as chips, all day or from a time to another, as the schedules take them. */
export const WhenFields = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { control, setValue, formState } = useFormContext<TimePriceFormValues>();
  const [days, isAllDay, startTime, endTime] = useWatch({
    control,
    name: ['days', 'isAllDay', 'startTime', 'endTime'],
  });
  const setDays = (next: number[]) => setValue('days', next, { shouldValidate: formState.isSubmitted });
  const choices = timeChoices(startTime, endTime);
  const timeField = (name: 'startTime' | 'endTime', label: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          value={field.value}
          onChange={(event) => field.onChange(event.target.value)}
          inputRef={field.ref}
          error={fieldState.invalid}
          helperText={fieldState.error?.message && translateMessageKey(t, fieldState.error.message)}
          sx={{ flex: 1, minWidth: 0 }}
        >
          {choices.map((time) => (
            <MenuItem key={time} value={time}>
              {formatTime(time, language)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
  return (
    <Stack spacing={2}>
      <Stack spacing={1}>
        <Typography variant="body2" color="text.secondary" id="time-price-days">
          {t('timePrices.days')}
        </Typography>
        <WeekdayChips
          days={days}
          onChange={setDays}
          wholeWeekLabel={t('timePrices.everyDay')}
          groupLabel={{ 'aria-labelledby': 'time-price-days' }}
        />
        {formState.errors.days?.message && (
          <FormHelperText error>{translateMessageKey(t, formState.errors.days.message)}</FormHelperText>
        )}
      </Stack>
      <FormControlLabel
        control={
          <Switch checked={isAllDay} onChange={(event) => setValue('isAllDay', event.target.checked)} />
        }
        label={t('timePrices.allDay')}
        sx={{ alignSelf: 'flex-start' }}
      />
      {!isAllDay && (
        <Stack direction="row" spacing={2}>
          {timeField('startTime', t('timePrices.start'))}
          {timeField('endTime', t('timePrices.end'))}
        </Stack>
      )}
      {!isAllDay && endTime < startTime && (
        <Alert severity="info" icon={<NightlightOutlined />}>
          {t('timePrices.overnightHelp', {
            start: formatTime(startTime, language),
            end: formatTime(endTime, language),
          })}
        </Alert>
      )}
    </Stack>
  );
};
