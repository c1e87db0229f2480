import { FREE_PLAN_MAX_MENUS } from '@carta/contract/limits';
import type { CurrentPaymentState, PaymentPlan } from '@carta/contract/payments';
import { PLAN_FEATURES, type PlanFeature } from '@carta/contract/plan-features';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutline';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDay, formatMoney, formatPercent, periodKey } from './billing-format.ts';

type FeatureLine = { key: string; text: string; isIncluded: boolean };

const FeatureList = ({ lines, label }: { lines: FeatureLine[]; label: string }) => {
  const { t } = useTranslation();
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {lines.map((line) => (
        <Box
          component="li"
          key={line.key}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
          data-included={line.isIncluded}
        >
          {line.isIncluded ? (
            <TaskAltOutlined color="success" fontSize="small" sx={{ mt: '2px' }} aria-hidden />
          ) : (
            <RemoveCircleOutline color="disabled" fontSize="small" sx={{ mt: '2px' }} aria-hidden />
          )}
          <Typography variant="body2" color={line.isIncluded ? 'text.primary' : 'text.secondary'}>
            {!line.isIncluded && (
              <Box component="span" sx={visuallyHidden}>{`${t('plan.notIncluded')}: `}</Box>
            )}
            {line.text}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** How the lists read best: what a Free venue feels first (its menus, its look), then the extras. */
const READING_ORDER: readonly PlanFeature[] = [
  'unlimitedMenus',
  'customTheme',
  'promotions',
  'pdfMenu',
  'excelImport',
  'promoteBrand',
];
const rankOf = (feature: PlanFeature) => {
  const rank = READING_ORDER.indexOf(feature);
  return rank === -1 ? READING_ORDER.length : rank;
};
const FEATURES = [...PLAN_FEATURES].sort((left, right) => rankOf(left) - rankOf(right));

/** What Free keeps of each Smart feature (DESIGN.md §2: 2 menus, a standard theme, none of the rest). */
const freeLine = (feature: PlanFeature, t: TFunction): FeatureLine => {
  if (feature === 'unlimitedMenus')
    return {
      key: feature,
      text: t('plan.features.freeMenus', { max: FREE_PLAN_MAX_MENUS }),
      isIncluded: true,
    };
  if (feature === 'customTheme')
    return { key: feature, text: t('plan.features.freeTheme'), isIncluded: true };
  return { key: feature, text: t(`plan.features.${feature}`), isIncluded: false };
};

/** What a plan's button does for this club now: choose it, switch to it, or nothing. */
export type PlanChoice =
  | { kind: 'subscribe' }
  | { kind: 'change' }
  | { kind: 'current'; label: string }
  | { kind: 'unavailable'; reason: string }
  | { kind: 'none' };

const choiceOf = (plan: PaymentPlan, state: CurrentPaymentState, t: TFunction): PlanChoice => {
  const isCurrent = state.paymentPlan?.id === plan.id;
  if (state.kind === 'earlyAdopter') return { kind: 'none' };
  if (state.daysBeforeDeactivation !== null)
    return isCurrent ? { kind: 'current', label: t('plan.yourPlan') } : { kind: 'none' };
  if (state.paymentPending)
    return isCurrent
      ? { kind: 'current', label: t('plan.pendingChip') }
      : { kind: 'unavailable', reason: t('plan.pendingHint') };
  if (state.kind === 'free') return { kind: 'subscribe' };
  if (state.kind === 'partner' && !state.paymentPlan) return { kind: 'subscribe' };
  if (isCurrent)
    return {
      kind: 'current',
      label:
        state.kind === 'partner' && state.subscriptionExpiration
          ? t('plan.fromChip', { date: formatDay(state.subscriptionExpiration, 'medium') })
          : state.renewalCancelled
            ? t('plan.notRenewingChip')
            : t('plan.yourPlan'),
    };
  if (state.renewalCancelled) return { kind: 'unavailable', reason: t('plan.reactivateFirst') };
  return { kind: 'change' };
};

type PriceOptionProps = {
  plan: PaymentPlan;
  choice: PlanChoice;
  clubId: string;
  isPartnerPeriod: boolean;
  onChange: (plan: PaymentPlan) => void;
};

const PriceOption = ({ plan, choice, clubId, isPartnerPeriod, onChange }: PriceOptionProps) => {
  const { t } = useTranslation();
  const period = periodKey(plan.months);
  const periodName = t(`billing.period.${period}`, { count: plan.months });
  let action: ReactNode = null;
  if (choice.kind === 'subscribe')
    action = (
      <Button
        variant={plan.saving ? 'contained' : 'outlined'}
        component={RouterLink}
        to={`/clubs/${clubId}/payment?plan=${plan.id}`}
        sx={{ flexShrink: 0 }}
      >
        {t(`${isPartnerPeriod ? 'plan.chooseAfterPartner' : 'plan.choose'}.${period}`, {
          count: plan.months,
        })}
      </Button>
    );
  else if (choice.kind === 'change')
    action = (
      <Button variant="outlined" onClick={() => onChange(plan)} sx={{ flexShrink: 0 }}>
        {t(`plan.switchTo.${period}`, { count: plan.months })}
      </Button>
    );
  else if (choice.kind === 'current')
    action = <Chip color="primary" label={choice.label} sx={{ flexShrink: 0 }} />;
  else if (choice.kind === 'unavailable')
    action = (
      <Typography variant="caption" color="text.secondary" sx={{ maxWidth: 180 }}>
        {choice.reason}
      </Typography>
    );
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 2,
        borderColor: choice.kind === 'current' ? 'primary.main' : undefined,
        borderWidth: choice.kind === 'current' ? 2 : 1,
      }}
      data-testid={`price-${period}`}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack spacing={0.25}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{periodName}</Typography>
            {plan.saving && (
              <Chip
                size="small"
                color="success"
                label={t('plan.savePercent', { percent: plan.saving.percent })}
              />
            )}
          </Stack>
          <Typography>
            <Box component="span" sx={{ fontSize: '1.5rem', fontWeight: 700 }}>
              {formatMoney(plan.grossCents, plan.currency)}
            </Box>{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {t(`plan.per.${period}`, { count: plan.months })}
            </Box>
          </Typography>
          {plan.saving && (
            <Typography variant="body2" color="text.secondary">
              {t('plan.perMonthAndSaving', {
                perMonth: formatMoney(Math.round(plan.grossCents / plan.months), plan.currency),
                saving: formatMoney(plan.saving.cents, plan.currency),
              })}
            </Typography>
          )}
        </Stack>
        {action}
      </Stack>
    </Paper>
  );
};

type PlanComparisonProps = {
  clubId: string;
  state: CurrentPaymentState;
  plans: PaymentPlan[];
  onChange: (plan: PaymentPlan) => void;
};

/** Free and Smart side by side: what each allows, Smart's prices, and the way to choose or switch. */
export const PlanComparison = ({ clubId, state, plans, onChange }: PlanComparisonProps) => {
  const { t } = useTranslation();
  const bestSaving = Math.max(0, ...plans.map((plan) => plan.saving?.percent ?? 0));
  const taxNote = plans[0]?.reverseCharge
    ? t('plan.reverseCharge')
    : plans[0]
      ? t('plan.vatIncluded', { rate: formatPercent(plans[0].vat) })
      : null;
  const isPartnerPeriod = state.kind === 'partner';
  return (
    <Box
      component="section"
      aria-labelledby="plans-title"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 3fr' } }}
    >
      <Typography id="plans-title" variant="h2" sx={{ gridColumn: '1 / -1', order: { xs: -2, md: 0 } }}>
        {t('plan.compareTitle')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="plan-free">
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="h3" component="h3">
              {t('plan.free.name')}
            </Typography>
            {state.kind === 'free' && !state.paymentPending && (
              <Chip color="primary" size="small" label={t('plan.yourPlan')} />
            )}
          </Stack>
          <Typography>
            <Box component="span" sx={{ fontSize: '1.5rem', fontWeight: 700 }}>
              {formatMoney(0, plans[0]?.currency ?? 'EUR')}
            </Box>{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {t('plan.free.forever')}
            </Box>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('plan.free.text')}
          </Typography>
          <FeatureList
            label={t('plan.free.featuresLabel')}
            lines={[
              { key: 'base', text: t('plan.features.base'), isIncluded: true },
              ...FEATURES.map((feature) => freeLine(feature, t)),
            ]}
          />
        </Stack>
      </Paper>
      <Paper
        variant="outlined"
        // On a phone Smart comes first: it is what the owner came to see.
        sx={{ p: { xs: 2, sm: 3 }, borderColor: 'primary.main', borderWidth: 2, order: { xs: -1, md: 0 } }}
        data-testid="plan-smart"
      >
        <Stack spacing={2}>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
          >
            <Typography variant="h3" component="h3">
              {t('plan.smart.name')}
            </Typography>
            {state.kind === 'earlyAdopter' ? (
              <Chip color="primary" size="small" label={t('plan.earlyAdopterChip')} />
            ) : bestSaving > 0 ? (
              <Chip
                color="success"
                variant="outlined"
                size="small"
                label={t('plan.annualSaves', { percent: bestSaving })}
              />
            ) : null}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('plan.smart.text')}
          </Typography>
          <FeatureList
            label={t('plan.smart.featuresLabel')}
            lines={[
              { key: 'base', text: t('plan.features.base'), isIncluded: true },
              ...FEATURES.map((feature) => ({
                key: feature,
                text: t(`plan.features.${feature}`),
                isIncluded: true,
              })),
            ]}
          />
          {plans.length === 0 ? (
            <Typography color="text.secondary">{t('plan.noPlans')}</Typography>
          ) : (
            <Stack spacing={1.5}>
              {plans.map((plan) => (
                <PriceOption
                  key={plan.id}
                  plan={plan}
                  clubId={clubId}
                  choice={choiceOf(plan, state, t)}
                  isPartnerPeriod={isPartnerPeriod}
                  onChange={onChange}
                />
              ))}
              {taxNote && (
                <Typography variant="caption" color="text.secondary">
                  {taxNote}
                </Typography>
              )}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Box>
  );
};
