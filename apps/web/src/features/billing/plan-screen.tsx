import type { PaymentPlan } from '@carta/contract/payments';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useClub } from '../../api/get-club.ts';
import { usePublicConfig } from '../../api/get-public-config.ts';
import { QueryError } from '../../components/query-error.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useCancelRenewal } from './api/cancel-renewal.ts';
import { usePaymentPlans } from './api/get-payment-plans.ts';
import { usePaymentState } from './api/get-payment-state.ts';
import { useSubscribe } from './api/subscribe.ts';
import { formatDay } from './billing-format.ts';
import { CancelRenewalDialog } from './cancel-renewal-dialog.tsx';
import { ChangePlanDialog } from './change-plan-dialog.tsx';
import { CurrentPlanCard } from './current-plan-card.tsx';
import { PlanComparison } from './plan-comparison.tsx';
import { PlanStatusAlert } from './plan-status-alert.tsx';
import { TestClockPanel } from './test-clock-panel.tsx';

const PlanSkeleton = () => (
  <Stack spacing={3} aria-busy="true">
    <Skeleton variant="rounded" height={160} />
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 3fr' } }}>
      <Skeleton variant="rounded" height={360} />
      <Skeleton variant="rounded" height={360} />
    </Box>
  </Stack>
);

/**
 * /clubs/:clubId/profile/plan: the club's plan and what changes it. Free and Smart side by side, Smart's
 * prices, the current subscription (renewal, next invoice), change plan, cancel and reactivate the
 * renewal; the early adopter and partner plans described; with the sandbox, its test clock.
 */
export const PlanScreen = () => {
  const { t } = useTranslation();
  const { clubId = '' } = useParams();
  const club = useClub(clubId);
  const plans = usePaymentPlans(clubId);
  // A payment waiting for its outcome settles by itself: the screen follows it.
  const state = usePaymentState(clubId, { pollWhilePendingMs: 3000 });
  const config = usePublicConfig();
  const cancelRenewal = useCancelRenewal(clubId);
  const runCancel = useMutationWithToast(cancelRenewal);
  const subscribe = useSubscribe(clubId);
  const runSubscribe = useMutationWithToast(subscribe);
  const [changingTo, setChangingTo] = useState<PaymentPlan | null>(null);
  const [isCancelling, setIsCancelling] = useState(false);

  const queries = [club, plans, state];
  const failed = queries.find((query) => query.isError);
  const clubName = club.data?.name ?? '';
  const endsOn = state.data?.subscriptionExpiration ? formatDay(state.data.subscriptionExpiration) : '';

  const confirmCancel = async () => {
    const failure = await runCancel(undefined, t('plan.cancel.done', { date: endsOn }));
    if (failure === null) setIsCancelling(false);
  };
  const reactivate = () => {
    const planId = state.data?.paymentPlan?.id;
    if (planId !== undefined)
      void runSubscribe({ paymentPlanId: planId }, t('plan.current.reactivated', { date: endsOn }));
  };

  return (
    <>
      <ScreenHeader
        title={t('screens.plan')}
        subtitle={t('plan.subtitle')}
        action={
          <Button
            variant="outlined"
            startIcon={<ReceiptLongOutlined />}
            component={RouterLink}
            to={`/clubs/${clubId}/profile/billing`}
          >
            {t('plan.billingLink')}
          </Button>
        }
      />
      {failed ? (
        <QueryError onRetry={() => void Promise.all(queries.map((query) => query.refetch()))} />
      ) : !state.data || !plans.data || !club.data ? (
        <PlanSkeleton />
      ) : (
        <Stack spacing={3}>
          <PlanStatusAlert clubId={clubId} state={state.data} />
          <CurrentPlanCard
            state={state.data}
            clubName={clubName}
            isWorking={cancelRenewal.isPending || subscribe.isPending}
            onCancelRenewal={() => setIsCancelling(true)}
            onReactivate={reactivate}
          />
          <PlanComparison clubId={clubId} state={state.data} plans={plans.data} onChange={setChangingTo} />
          {config.data?.payments.provider === 'sandbox' && state.data.kind !== 'earlyAdopter' && (
            <TestClockPanel clubId={clubId} />
          )}
          <ChangePlanDialog
            clubId={clubId}
            state={state.data}
            plan={changingTo}
            onClose={() => setChangingTo(null)}
          />
          <CancelRenewalDialog
            isOpen={isCancelling}
            endsOn={endsOn}
            clubName={clubName}
            isPartner={state.data.kind === 'partner'}
            isWorking={cancelRenewal.isPending}
            onConfirm={() => void confirmCancel()}
            onClose={() => setIsCancelling(false)}
          />
        </Stack>
      )}
    </>
  );
};
