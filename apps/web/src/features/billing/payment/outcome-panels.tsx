import type { CurrentPaymentState } from '@carta/contract/payments';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePaymentState } from '../api/get-payment-state.ts';
import { formatDay, formatMoney } from '../billing-format.ts';
import { OutcomePanel } from '../outcome-panel.tsx';
import { type FlowMode, successKind } from './payment-flow.ts';

const ToPlan = ({ clubId, isMain = false }: { clubId: string; isMain?: boolean }) => {
  const { t } = useTranslation();
  return (
    <Button
      variant={isMain ? 'contained' : 'outlined'}
      component={RouterLink}
      to={`/clubs/${clubId}/profile/plan`}
    >
      {t('payment.success.toPlan')}
    </Button>
  );
};

type SuccessPanelProps = { clubId: string; clubName: string; mode: FlowMode; state: CurrentPaymentState };

/** Paid (or chosen, after a partner's offer): what it gives, what comes next, and where to go. */
export const SuccessPanel = ({ clubId, clubName, mode, state }: SuccessPanelProps) => {
  const { t } = useTranslation();
  const plan = state.paymentPlan;
  const key = successKind(mode, state);
  const next =
    state.renewalDate && state.nextInvoiceCents !== null
      ? t('payment.success.next', {
          date: formatDay(state.renewalDate),
          amount: formatMoney(state.nextInvoiceCents, state.currency ?? plan?.currency ?? 'EUR'),
        })
      : key === 'partner' && state.subscriptionExpiration && plan
        ? t('payment.success.partnerNext', {
            date: formatDay(state.subscriptionExpiration),
            amount: formatMoney(plan.grossCents, plan.currency),
          })
        : '';
  return (
    <OutcomePanel
      testId="payment-success"
      icon={<TaskAltOutlined />}
      title={t(`payment.success.${key}Title`)}
      text={
        <>
          {t(`payment.success.${key}Text`, { club: clubName })} {next}
          {/* The server turns on, as the club becomes Smart, every Smart setting the owner left on. */}
          {key === 'subscribed' && (
            <Box component="span" sx={{ display: 'block', mt: 1.5 }} data-testid="smart-settings-on">
              {t('payment.success.smartSettingsOn')}
            </Box>
          )}
        </>
      }
      actions={
        <>
          <Button variant="contained" component={RouterLink} to={`/clubs/${clubId}/menu`}>
            {t('payment.success.toMenus')}
          </Button>
          <ToPlan clubId={clubId} />
          <Button component={RouterLink} to={`/clubs/${clubId}/profile/billing`}>
            {t('payment.success.toInvoices')}
          </Button>
        </>
      }
    />
  );
};

type ProcessingPanelProps = { clubId: string; isChecking: boolean; onCheck: () => void };

/** The bank has not answered yet: the plan updates by itself, or the owner asks again. */
export const ProcessingPanel = ({ clubId, isChecking, onCheck }: ProcessingPanelProps) => {
  const { t } = useTranslation();
  return (
    <OutcomePanel
      testId="payment-processing"
      icon={<HourglassTopOutlined />}
      title={t('payment.processing.title')}
      text={t('payment.processing.text')}
      actions={
        <>
          <Button variant="contained" loading={isChecking} onClick={onCheck}>
            {t('payment.processing.check')}
          </Button>
          <ToPlan clubId={clubId} />
        </>
      }
    />
  );
};

/** A payment sent before this visit waits for its outcome: the screen follows it until it has one. */
export const PendingPanel = ({ clubId }: { clubId: string }) => {
  const { t } = useTranslation();
  const state = usePaymentState(clubId, { pollWhilePendingMs: 2000 }).data;
  const isSettled = state !== undefined && !state.paymentPending;
  return (
    <OutcomePanel
      testId="payment-pending"
      icon={isSettled ? <TaskAltOutlined /> : <HourglassTopOutlined />}
      title={isSettled ? t('payment.pending.settledTitle') : t('plan.status.pendingTitle')}
      text={
        isSettled
          ? t('payment.pending.settledText')
          : state?.paymentErrorCode === 'authenticationRequired'
            ? t('plan.status.pendingAuthentication')
            : t('plan.status.pendingText')
      }
      actions={<ToPlan clubId={clubId} isMain />}
    />
  );
};

/** An early adopter's club: Smart is free for good, nothing is ever charged. */
export const NothingToPayPanel = ({ clubId, clubName }: { clubId: string; clubName: string }) => {
  const { t } = useTranslation();
  return (
    <OutcomePanel
      testId="payment-nothing-to-pay"
      icon={<AutoAwesomeOutlined />}
      title={t('payment.nothingToPay.title')}
      text={t('payment.nothingToPay.text', { club: clubName })}
      actions={<ToPlan clubId={clubId} isMain />}
    />
  );
};
