import type { PaymentPlan } from '@carta/contract/payments';
import { addMonths } from '@carta/contract/subscription-rules';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDay, formatMoney, periodKey, today } from '../billing-format.ts';
import { PlanSummary } from '../plan-summary.tsx';
import type { FlowMode } from './payment-flow.ts';
import { RadioCard } from './radio-card.tsx';
import { StepButtons, StepPanel } from './step-panel.tsx';

export const periodName = (t: TFunction, plan: Pick<PaymentPlan, 'months'>) =>
  t(`billing.period.${periodKey(plan.months)}`, { count: plan.months });

/** When the plan's period runs: from the end of a partner's offer, the renewal paid again, or from today. */
const periodText = (t: TFunction, mode: FlowMode, plan: PaymentPlan, startsOn: string | null) => {
  const period = periodKey(plan.months);
  if (startsOn) return t(`payment.summary.from.${period}`, { count: plan.months, date: formatDay(startsOn) });
  if (mode === 'payAgain') return t(`payment.summary.renews.${period}`, { count: plan.months });
  return t('payment.summary.fromToday', {
    start: formatDay(today(), 'medium'),
    end: formatDay(addMonths(`${today()}T12:00:00.000Z`, plan.months), 'medium'),
  });
};

const PlanOption = ({ plan, isSelected }: { plan: PaymentPlan; isSelected: boolean }) => {
  const { t } = useTranslation();
  return (
    <RadioCard
      value={String(plan.id)}
      isSelected={isSelected}
      isStretched
      label={
        <Box sx={{ py: 0.5 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {periodName(t, plan)}{' '}
            {plan.saving && (
              <Chip
                size="small"
                color="success"
                label={t('plan.savePercent', { percent: plan.saving.percent })}
                sx={{ ml: 0.5 }}
              />
            )}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatMoney(plan.grossCents, plan.currency)}{' '}
            {t(`plan.per.${periodKey(plan.months)}`, { count: plan.months })}
          </Typography>
        </Box>
      }
    />
  );
};

type PlanStepProps = {
  mode: FlowMode;
  plan: PaymentPlan;
  /** The plans the owner may choose between (only one: nothing to choose). */
  plans: PaymentPlan[];
  startsOn: string | null;
  takesFocus: boolean;
  onChoose: (planId: number) => void;
  onContinue: () => void;
};

/** Step 1: the plan (a choice when there are several) and what it costs, line by line. */
export const PlanStep = ({
  mode,
  plan,
  plans,
  startsOn,
  takesFocus,
  onChoose,
  onContinue,
}: PlanStepProps) => {
  const { t } = useTranslation();
  return (
    <StepPanel
      title={mode === 'payAgain' ? t('payment.plan.payAgainTitle') : t('payment.plan.title')}
      takesFocus={takesFocus}
    >
      {plans.length > 1 && (
        <RadioGroup
          aria-label={t('payment.plan.choose')}
          value={String(plan.id)}
          onChange={(event) => onChoose(Number(event.target.value))}
          sx={{ mb: 2 }}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            {plans.map((candidate) => (
              <PlanOption key={candidate.id} plan={candidate} isSelected={candidate.id === plan.id} />
            ))}
          </Stack>
        </RadioGroup>
      )}
      <PlanSummary plan={plan} periodText={periodText(t, mode, plan, startsOn)} />
      <StepButtons>
        <Button variant="contained" size="large" onClick={onContinue}>
          {t('payment.continue')}
        </Button>
      </StepButtons>
    </StepPanel>
  );
};
