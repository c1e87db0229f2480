import type { CurrentPaymentState } from '@carta/contract/payments';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canCancelBefore,
  dayBefore,
  formatDay,
  formatMoney,
  paymentErrorKey,
  periodKey,
} from './billing-format.ts';

const Fact = ({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) => (
  <Box>
    <Typography variant="body2" color="text.secondary" component="dt">
      {label}
    </Typography>
    <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid={testId}>
      {value}
    </Typography>
  </Box>
);

type CurrentPlanCardProps = {
  state: CurrentPaymentState;
  clubName: string;
  isWorking: boolean;
  onCancelRenewal: () => void;
  onReactivate: () => void;
};

/** The club's plan now: its kind, the dates and amounts that matter, and cancel or reactivate. */
export const CurrentPlanCard = ({
  state,
  clubName,
  isWorking,
  onCancelRenewal,
  onReactivate,
}: CurrentPlanCardProps) => {
  const { t } = useTranslation();
  const plan = state.paymentPlan;
  const periodName = plan ? t(`billing.period.${periodKey(plan.months)}`, { count: plan.months }) : '';
  const expiration = state.subscriptionExpiration ? formatDay(state.subscriptionExpiration) : '';
  const brand = state.partnerBrand?.name ?? state.brand?.name ?? '';
  const isFailed = state.daysBeforeDeactivation !== null;

  let title = t('plan.current.free');
  let text: ReactNode = t('plan.current.freeText');
  const facts: ReactNode[] = [];
  const actions: ReactNode[] = [];
  let notice: ReactNode = null;

  if (state.kind === 'earlyAdopter') {
    title = t('plan.current.earlyAdopter');
    text = t('plan.current.earlyAdopterText');
  } else if (state.kind === 'partner') {
    title = t('plan.current.partner', { brand });
    text = t('plan.current.partnerText', { brand, date: expiration });
    if (plan && !state.renewalCancelled) {
      notice = (
        <Alert severity="info">
          {t('plan.current.partnerNext', {
            date: expiration,
            period: periodName.toLowerCase(),
            amount: formatMoney(plan.grossCents, plan.currency),
          })}
        </Alert>
      );
      if (state.subscriptionExpiration && canCancelBefore(state.subscriptionExpiration))
        actions.push(
          <Button
            key="cancel"
            color="error"
            variant="outlined"
            disabled={isWorking}
            onClick={onCancelRenewal}
          >
            {t('plan.current.partnerCancel')}
          </Button>,
        );
    } else {
      notice = (
        <Alert severity="warning" data-testid="partner-next">
          {t('plan.current.partnerEnds', { date: expiration, club: clubName })}
        </Alert>
      );
    }
  } else if (state.kind === 'paid' && plan && isFailed) {
    title = t('plan.current.paid', { period: periodName });
    text = t('plan.current.paidText');
    notice = (
      <Alert severity="error" data-testid="plan-payment-failed">
        <AlertTitle>{t('plan.status.failedTitle')}</AlertTitle>
        {t(paymentErrorKey(state.paymentErrorCode))}
      </Alert>
    );
  } else if (state.kind === 'paid' && plan) {
    title = t('plan.current.paid', { period: periodName });
    text =
      state.paymentPending && !state.subscriptionEnabled
        ? t('plan.current.pendingText')
        : t('plan.current.paidText');
    if (state.renewalCancelled) {
      facts.push(
        <Fact key="ends" label={t('plan.current.endsOn')} value={expiration} testId="plan-ends-on" />,
      );
      notice = (
        <Alert severity="warning" data-testid="renewal-cancelled">
          {t('plan.current.cancelledText', { date: expiration, club: clubName })}
        </Alert>
      );
      actions.push(
        <Button key="reactivate" variant="contained" loading={isWorking} onClick={onReactivate}>
          {t('plan.current.reactivate')}
        </Button>,
      );
    } else {
      if (state.renewalDate)
        facts.push(
          <Fact
            key="renews"
            label={t('plan.current.renewsOn')}
            value={formatDay(state.renewalDate)}
            testId="plan-renews-on"
          />,
        );
      if (state.nextInvoiceCents !== null)
        facts.push(
          <Fact
            key="invoice"
            label={t('plan.current.nextInvoice')}
            value={`${formatMoney(state.nextInvoiceCents, state.currency ?? plan.currency)} ${
              plan.reverseCharge ? t('plan.current.reverseChargeShort') : t('plan.current.vatIncludedShort')
            }`}
            testId="plan-next-invoice"
          />,
        );
      if (state.renewalDate && !isFailed && !state.paymentPending) {
        const canCancel = canCancelBefore(state.renewalDate);
        actions.push(
          <Stack key="cancel" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <Button
              color="error"
              variant="outlined"
              disabled={!canCancel || isWorking}
              onClick={onCancelRenewal}
            >
              {t('plan.current.cancel')}
            </Button>
            <Typography variant="caption" color="text.secondary">
              {canCancel
                ? t('plan.current.cancelUntil', { date: formatDay(dayBefore(state.renewalDate)) })
                : t('plan.current.cancelTooLate')}
            </Typography>
          </Stack>,
        );
      }
    }
  }

  const isSmart = state.isSmart;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" data-testid="current-plan">
      <Stack spacing={2}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <AutoAwesomeOutlined color={isSmart ? 'primary' : 'action'} aria-hidden />
          <Typography variant="h2" component="h2" sx={{ flex: 1, minWidth: 0 }}>
            {title}
          </Typography>
          <Chip size="small" label={t('plan.yourPlan')} color={isSmart ? 'primary' : 'default'} />
        </Stack>
        <Typography color="text.secondary">{text}</Typography>
        {facts.length > 0 && (
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, auto)' },
              justifyContent: 'start',
              columnGap: 6,
            }}
          >
            {facts}
          </Box>
        )}
        {notice}
        {actions.length > 0 && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            {actions}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
};
