import type { PaymentMethod } from '@carta/contract/billing';
import type { PaymentPlan } from '@carta/contract/payments';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { cardName, formatDay, formatMoney, periodKey } from '../billing-format.ts';
import { SummaryRow } from '../plan-summary.tsx';
import { periodName } from './plan-step.tsx';
import { StepButtons, StepPanel } from './step-panel.tsx';

type ConfirmStepProps = {
  plan: PaymentPlan;
  /** The card that pays; none when the payment is only confirmed again. */
  method: PaymentMethod | undefined;
  /** A partner's club: the plan starts, and is first charged, then. */
  startsOn: string | null;
  error: string | null;
  isWorking: boolean;
  /** Offered with an error when the flow has a card step. */
  onOtherCard: (() => void) | null;
  onBack: () => void;
  onPay: () => void;
};

/** The last step: plan, card and amount, the terms, and the button that pays (or chooses, after an offer). */
export const ConfirmStep = ({
  plan,
  method,
  startsOn,
  error,
  isWorking,
  onOtherCard,
  onBack,
  onPay,
}: ConfirmStepProps) => {
  const { t } = useTranslation();
  const amount = formatMoney(plan.grossCents, plan.currency);
  const period = periodKey(plan.months);
  return (
    <StepPanel title={startsOn ? t('payment.confirm.titleLater') : t('payment.confirm.title')} takesFocus>
      <Stack spacing={2}>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2, rowGap: 1 }}
        >
          <SummaryRow
            label={t('payment.summary.plan')}
            value={t('payment.summary.planName', { period: periodName(t, plan) })}
          />
          {method && <SummaryRow label={t('payment.confirm.card')} value={cardName(method)} />}
          <SummaryRow
            label={
              startsOn
                ? t('payment.confirm.dueLater', { date: formatDay(startsOn) })
                : t('payment.confirm.dueNow')
            }
            value={amount}
            isTotal
            testId="amount-due"
          />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {startsOn
            ? t(`payment.confirm.partnerTerms.${period}`, {
                count: plan.months,
                amount,
                date: formatDay(startsOn),
              })
            : t(`payment.confirm.terms.${period}`, { count: plan.months, amount })}
        </Typography>
        {error && (
          <Alert
            severity="error"
            role="alert"
            data-testid="payment-error"
            action={
              onOtherCard && (
                <Button color="inherit" size="small" onClick={onOtherCard}>
                  {t('payment.confirm.otherCard')}
                </Button>
              )
            }
          >
            {error}
          </Alert>
        )}
      </Stack>
      <StepButtons>
        <Button onClick={onBack} disabled={isWorking}>
          {t('payment.back')}
        </Button>
        <Button variant="contained" size="large" loading={isWorking} onClick={onPay}>
          {startsOn ? t('payment.confirm.choose') : t('payment.confirm.pay', { amount })}
        </Button>
      </StepButtons>
    </StepPanel>
  );
};
