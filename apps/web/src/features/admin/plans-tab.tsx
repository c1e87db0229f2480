import type { AdminPaymentPlan } from '@carta/contract/billing';
import { formatCents, vatOfCents } from '@carta/contract/payments';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/query-error.tsx';
import { RowForm } from '../../components/row-form.tsx';
import { useSnackbar } from '../../lib/snackbar.ts';
import { failureMessage, useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useAdminPaymentPlans, useCreatePaymentPlan, useUpdatePaymentPlan } from './api/payment-plans.ts';

/** "19,00" or "19.00" in currency units → cents; null when it is not an amount. */
const toCents = (text: string) => {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : null;
};
/** "22" or "25,5" percent → basis points. */
const toBasisPoints = (text: string) => {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) && value >= 0 && value <= 100
    ? Math.round(value * 100)
    : null;
};
/** Cents as the amount an admin types, with the interface language's decimal separator. */
const units = (cents: number, language: string) =>
  language.startsWith('it') ? (cents / 100).toFixed(2).replace('.', ',') : (cents / 100).toFixed(2);
const percent = (basisPoints: number, language: string) =>
  language.startsWith('it') ? String(basisPoints / 100).replace('.', ',') : String(basisPoints / 100);

/** An amount or a rate typed with either decimal separator. */
const DecimalField = ({
  label,
  value,
  onChange,
  isInvalid = false,
  width,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  isInvalid?: boolean;
  width?: number;
}) => (
  <TextField
    size="small"
    label={label}
    value={value}
    onChange={(event) => onChange(event.target.value)}
    error={isInvalid}
    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    sx={width ? { width: { md: width } } : undefined}
  />
);

/** One plan: its price and VAT editable in place, offered or not. */
const PlanRow = ({ plan, country }: { plan: AdminPaymentPlan; country: string }) => {
  const { t, i18n } = useTranslation();
  const update = useUpdatePaymentPlan();
  // A refusal says its first issue: the row's fields have no message of their own.
  const runUpdate = useMutationWithToast(update, { isForForm: true });
  const [price, setPrice] = useState(units(plan.priceCents, i18n.language));
  const [vat, setVat] = useState(percent(plan.vatBasisPoints, i18n.language));
  const priceCents = toCents(price);
  const vatBasisPoints = toBasisPoints(vat);
  const isChanged = priceCents !== plan.priceCents || vatBasisPoints !== plan.vatBasisPoints;

  const save = (changes: { priceCents?: number; vatBasisPoints?: number; enabled?: boolean }) =>
    runUpdate({ paymentPlanId: plan.id, ...changes }, t('admin.plans.saved', { country }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (priceCents === null || vatBasisPoints === null) return;
    void save({ priceCents, vatBasisPoints });
  };

  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }} data-testid="admin-plan">
      <RowForm onSubmit={submit} from="md" sx={{ alignItems: { md: 'center' } }}>
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {country} · {t(plan.months === 12 ? 'admin.plans.annual' : 'admin.plans.monthly')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('admin.plans.gross', {
              amount: formatCents(plan.priceCents + vatOfCents(plan.priceCents, plan.vatBasisPoints), {
                language: i18n.language,
                currency: plan.currency,
              }),
            })}{' '}
            · {t('admin.plans.subscribers', { count: plan.subscribers })}
          </Typography>
        </Stack>
        <DecimalField
          label={t('admin.plans.net', { currency: plan.currency })}
          value={price}
          onChange={setPrice}
          isInvalid={priceCents === null}
          width={140}
        />
        <DecimalField
          label={t('admin.plans.vat')}
          value={vat}
          onChange={setVat}
          isInvalid={vatBasisPoints === null}
          width={110}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={!isChanged || priceCents === null || vatBasisPoints === null}
        >
          {t('admin.plans.save')}
        </Button>
        <FormControlLabel
          control={
            <Switch
              checked={plan.enabled}
              disabled={update.isPending}
              onChange={(event) => void save({ enabled: event.target.checked })}
            />
          }
          label={t('admin.plans.offered')}
        />
      </RowForm>
    </Paper>
  );
};

/** A country's new plan. */
const NewPlanForm = () => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreatePaymentPlan();
  const [country, setCountry] = useState('');
  const [months, setMonths] = useState<1 | 12>(1);
  const [price, setPrice] = useState('');
  const [vat, setVat] = useState('');
  const [currency, setCurrency] = useState('EUR');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const priceCents = toCents(price);
    const vatBasisPoints = toBasisPoints(vat);
    if (!/^[A-Za-z]{2}$/.test(country.trim()) || priceCents === null || vatBasisPoints === null) {
      setError(t('admin.plans.incomplete'));
      return;
    }
    // Not useMutationWithToast: a refusal shows in the form's own alert, not in a toast.
    try {
      await create.mutateAsync({
        isoCountryCode: country.trim(),
        months,
        priceCents,
        vatBasisPoints,
        currency,
      });
      enqueueSnackbar(t('admin.plans.created'), { variant: 'success' });
      setError(null);
      setCountry('');
      setPrice('');
      setVat('');
    } catch (caught) {
      setError(failureMessage(caught, t('errors.GENERIC_TRY_LATER'), { isForForm: true }));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h3" component="h2" sx={{ mb: 0.5 }}>
        {t('admin.plans.add')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('admin.plans.addHelp')}
      </Typography>
      <RowForm onSubmit={submit} from="md">
        <TextField
          size="small"
          label={t('admin.plans.country')}
          value={country}
          onChange={(event) => setCountry(event.target.value.toUpperCase())}
          slotProps={{ htmlInput: { maxLength: 2 } }}
          sx={{ width: { md: 170 }, flexShrink: 0 }}
        />
        <TextField
          select
          size="small"
          label={t('admin.plans.duration')}
          value={months}
          onChange={(event) => setMonths(Number(event.target.value) === 12 ? 12 : 1)}
          sx={{ width: { md: 150 } }}
        >
          <MenuItem value={1}>{t('admin.plans.monthly')}</MenuItem>
          <MenuItem value={12}>{t('admin.plans.annual')}</MenuItem>
        </TextField>
        <DecimalField label={t('admin.plans.net', { currency })} value={price} onChange={setPrice} />
        <DecimalField label={t('admin.plans.vat')} value={vat} onChange={setVat} />
        <TextField
          size="small"
          label={t('admin.plans.currency')}
          value={currency}
          onChange={(event) => setCurrency(event.target.value.toUpperCase())}
          slotProps={{ htmlInput: { maxLength: 3 } }}
          sx={{ width: { md: 100 } }}
        />
        <Button type="submit" variant="contained" loading={create.isPending}>
          {t('admin.plans.create')}
        </Button>
      </RowForm>
      {error && (
        <Typography color="error" variant="body2" sx={{ mt: 1 }} role="alert">
          {error}
        </Typography>
      )}
    </Paper>
  );
};

/** The plan catalogue per country (issue 15): prices reach new subscriptions; renewals keep theirs. */
export const PlansTab = () => {
  const { t, i18n } = useTranslation();
  const plans = useAdminPaymentPlans();
  const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
  const countryName = (code: string) => names.of(code) ?? code;
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('admin.plans.intro')}</Typography>
      <NewPlanForm />
      {plans.isError && <QueryError onRetry={() => void plans.refetch()} />}
      {plans.isPending && <Skeleton variant="rounded" height={160} />}
      {plans.data?.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t('admin.plans.empty')}
        </Typography>
      )}
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
        {[...(plans.data ?? [])]
          .sort(
            (left, right) =>
              countryName(left.isoCountryCode).localeCompare(
                countryName(right.isoCountryCode),
                i18n.language,
              ) || left.months - right.months,
          )
          .map((plan) => (
            <PlanRow
              key={`${plan.id}-${plan.priceCents}-${plan.vatBasisPoints}-${i18n.language}`}
              plan={plan}
              country={countryName(plan.isoCountryCode)}
            />
          ))}
      </Stack>
    </Stack>
  );
};
