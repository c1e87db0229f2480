import { FREE_PLAN_MAX_MENUS } from '@carta/contract/limits';
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
import { Link as RouterLink } from 'react-router';
import { formatDay, formatMoney, paymentErrorKey, periodKey } from './billing-format.ts';
import { cancelKindOf } from './plan-choices.ts';

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
  clubId: string;
  state: CurrentPaymentState;
  clubName: string;
  isWorking: boolean;
  onCancelRenewal: () => void;
  /** Shown only when the server says the renewal can be restored. */
  onReactivate: (() => void) | null;
};

/**
 * The club's plan now: its kind, the dates and amounts that matter, and cancel or reactivate. What can be
 * done is the server's answer: cancel while `cancelUntil` is set, reactivate when `canReactivate`.
 */
export const CurrentPlanCard = ({
  clubId,
  state,
  clubName,
  isWorking,
  onCancelRenewal,
  onReactivate,
}: CurrentPlanCardProps) => {
  const { t } = useTranslation();
  const plan = state.paymentPlan;
  const periodName = plan ? t(`billing.period.${periodKey(plan.months)}`, { count: plan.months }) : '';
  const until = state.subscriptionExpiration ? formatDay(state.subscriptionExpiration) : '';
  const brand = state.partnerBrand?.name ?? state.brand?.name ?? '';
  const texts = { club: clubName, date: until, brand, max: FREE_PLAN_MAX_MENUS };

  const title = {
    free: t('plan.current.free'),
    earlyAdopter: t('plan.current.earlyAdopter'),
    partner: t('plan.current.partner', texts),
    paid: t('plan.current.paid', { period: periodName }),
  }[state.kind];
  const text = {
    freemium: t('plan.current.freeText', texts),
    paymentPending: t('plan.current.pendingText'),
    paid: t('plan.current.paidText'),
    renewalCancelled: t('plan.current.cancelledUntil', texts),
    paymentFailed: t('plan.current.failedText', texts),
    partner: t('plan.current.partnerText', texts),
    earlyAdopter: t('plan.current.earlyAdopterText'),
  }[state.status];

  const facts: ReactNode[] = [];
  if (state.renewalDate)
    facts.push(
      <Fact
        key="renews"
        label={t('plan.current.renewsOn')}
        value={formatDay(state.renewalDate)}
        testId="plan-renews-on"
      />,
    );
  if (state.status === 'renewalCancelled' && until)
    facts.push(<Fact key="ends" label={t('plan.current.endsOn')} value={until} testId="plan-ends-on" />);
  if (state.nextInvoiceCents !== null && plan)
    facts.push(
      <Fact
        key="invoice"
        label={t(
          state.status === 'paymentFailed' ? 'plan.current.unpaidInvoice' : 'plan.current.nextInvoice',
        )}
        value={`${formatMoney(state.nextInvoiceCents, state.currency ?? plan.currency)} ${
          plan.reverseCharge ? t('plan.current.reverseChargeShort') : t('plan.current.vatIncludedShort')
        }`}
        testId="plan-next-invoice"
      />,
    );

  let notice: ReactNode = null;
  if (state.status === 'renewalCancelled')
    notice = (
      <Alert severity="warning" data-testid="renewal-cancelled">
        {t('plan.current.cancelledText', texts)}
      </Alert>
    );
  else if (state.status === 'paymentFailed')
    notice = (
      <Alert
        severity="error"
        data-testid="plan-payment-failed"
        action={
          <Button color="inherit" size="small" component={RouterLink} to={`/clubs/${clubId}/payment`}>
            {t('plan.payAgain')}
          </Button>
        }
      >
        <AlertTitle>{t('plan.status.failedTitle')}</AlertTitle>
        {t(paymentErrorKey(state.paymentErrorCode))}
      </Alert>
    );
  else if (state.status === 'partner')
    notice = plan ? (
      <Alert severity="info" data-testid="partner-next">
        {t('plan.current.partnerNext', {
          ...texts,
          period: periodName.toLowerCase(),
          amount: formatMoney(plan.grossCents, plan.currency),
        })}
      </Alert>
    ) : (
      <Alert severity="warning" data-testid="partner-next">
        {t('plan.current.partnerEnds', texts)}
      </Alert>
    );

  const actions: ReactNode[] = [];
  if (onReactivate)
    actions.push(
      <Button key="reactivate" variant="contained" loading={isWorking} onClick={onReactivate}>
        {t('plan.current.reactivate')}
      </Button>,
    );
  if (state.cancelUntil) {
    const kind = cancelKindOf(state.status);
    actions.push(
      <Stack key="cancel" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Button color="error" variant="outlined" disabled={isWorking} onClick={onCancelRenewal}>
          {t(`plan.current.cancel.${kind}`)}
        </Button>
        <Typography variant="caption" color="text.secondary" data-testid="plan-cancel-until">
          {t(`plan.current.cancelUntil.${kind}`, { date: formatDay(state.cancelUntil) })}
        </Typography>
      </Stack>,
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" data-testid="current-plan">
      <Stack spacing={2}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <AutoAwesomeOutlined color={state.isSmart ? 'primary' : 'action'} aria-hidden />
          <Typography variant="h2" component="h2" sx={{ flex: 1, minWidth: 0 }}>
            {title}
          </Typography>
          <Chip size="small" label={t('plan.yourPlan')} color={state.isSmart ? 'primary' : 'default'} />
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
