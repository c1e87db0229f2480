import { FREE_PLAN_MAX_MENUS } from '@carta/contract/limits';
import type { CurrentPaymentState, PaymentPlan } from '@carta/contract/payments';
import { PLAN_FEATURES, type PlanFeature, TRANSLATION_ALLOWANCE } from '@carta/contract/plan-features';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutline';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../api/get-public-config.ts';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { formatCount } from '../../lib/format-count.ts';
import { formatDay, formatMoney, formatPercent } from './billing-format.ts';
import { planAction } from './plan-choices.ts';
import { type PlanHandlers, PriceOption } from './price-option.tsx';

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

/** What Free keeps of each Smart feature (docs/decisions/0048-free-plan-for-guests.md: 2 menus, a standard theme, none of the rest). */
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

/**
 * The monthly allowance of suggested translations, Free's smaller than Smart's (0088): listed only when the
 * server has a translation provider.
 */
const translationLines = (isOn: boolean, plan: keyof typeof TRANSLATION_ALLOWANCE, t: TFunction) =>
  isOn
    ? [
        {
          key: 'translationSuggestions',
          text: t('plan.features.translationSuggestions', {
            characters: formatCount(TRANSLATION_ALLOWANCE[plan]),
          }),
          isIncluded: true,
        },
      ]
    : [];

type PlanComparisonProps = PlanHandlers & {
  clubId: string;
  state: CurrentPaymentState;
  plans: PaymentPlan[];
};

/** Free and Smart side by side: what each allows, Smart's prices, and the way to choose or switch. */
export const PlanComparison = ({ clubId, state, plans, ...handlers }: PlanComparisonProps) => {
  const { t } = useTranslation();
  const hasSuggestions = usePublicConfig().data?.translationSuggestions === true;
  const bestSaving = Math.max(0, ...plans.map((plan) => plan.saving?.percent ?? 0));
  const taxNote = plans[0]?.reverseCharge
    ? t('plan.reverseCharge')
    : plans[0]
      ? t('plan.vatIncluded', { rate: formatPercent(plans[0].vat) })
      : null;
  const context = {
    clubId,
    status: state.status,
    offerEndsOn: state.subscriptionExpiration ? formatDay(state.subscriptionExpiration, 'medium') : '',
  };
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
            {state.status === 'freemium' && <Chip color="primary" size="small" label={t('plan.yourPlan')} />}
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
              // What Free includes first, then what it does not.
              ...[
                ...FEATURES.map((feature) => freeLine(feature, t)),
                ...translationLines(hasSuggestions, 'free', t),
              ].sort((left, right) => Number(right.isIncluded) - Number(left.isIncluded)),
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
            {state.status === 'earlyAdopter' ? (
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
              ...translationLines(hasSuggestions, 'smart', t),
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
                  action={planAction(
                    state.planChoices.find((choice) => choice.paymentPlanId === plan.id),
                    plan,
                    context,
                  )}
                  handlers={handlers}
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
