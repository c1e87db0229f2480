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
import { cancelKindOf, reactivationPlanId } from './plan-choices.ts';
import { PlanComparison } from './plan-comparison.tsx';
import { PlanStatusAlert } from './plan-status-alert.tsx';
import { ReactivateWithDialog } from './reactivate-with-dialog.tsx';
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
  const [reactivatingWith, setReactivatingWith] = useState<PaymentPlan | null>(null);
  const [isCancelling, setIsCancelling] = useState(false);

  const queries = [club, plans, state];
  const failed = queries.find((query) => query.isError);
  const clubName = club.data?.name ?? '';
  const endsOn = state.data?.subscriptionExpiration ? formatDay(state.data.subscriptionExpiration) : '';

  const confirmCancel = async () => {
    const kind = state.data ? cancelKindOf(state.data.status) : 'renewal';
    const failure = await runCancel(
      undefined,
      t(`plan.cancel.${kind}.done`, { date: endsOn, club: clubName }),
    );
    if (failure === null) setIsCancelling(false);
  };
  /** Restores the cancelled renewal as it was (the same plan): nothing to confirm, nothing charged. */
  const reactivate = (planId: number) =>
    void runSubscribe({ paymentPlanId: planId }, (result) =>
      t('plan.current.reactivated', {
        date: formatDay(result.state.renewalDate ?? result.state.subscriptionExpiration ?? ''),
      }),
    );
  const reactivatePlanId = state.data ? reactivationPlanId(state.data) : null;
  const isWorking = cancelRenewal.isPending || subscribe.isPending;

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
            clubId={clubId}
            state={state.data}
            clubName={clubName}
            isWorking={isWorking}
            onCancelRenewal={() => setIsCancelling(true)}
            onReactivate={reactivatePlanId === null ? null : () => reactivate(reactivatePlanId)}
          />
          <PlanComparison
            clubId={clubId}
            state={state.data}
            plans={plans.data}
            isWorking={isWorking}
            onChange={setChangingTo}
            onReactivate={(plan) => reactivate(plan.id)}
            onReactivateWith={setReactivatingWith}
          />
          {config.data?.payments.provider === 'sandbox' && state.data.status !== 'earlyAdopter' && (
            <TestClockPanel clubId={clubId} />
          )}
          <ChangePlanDialog
            clubId={clubId}
            state={state.data}
            plan={changingTo}
            onClose={() => setChangingTo(null)}
          />
          <ReactivateWithDialog
            clubId={clubId}
            state={state.data}
            plan={reactivatingWith}
            onClose={() => setReactivatingWith(null)}
          />
          <CancelRenewalDialog
            isOpen={isCancelling}
            kind={cancelKindOf(state.data.status)}
            endsOn={endsOn}
            clubName={clubName}
            brandName={state.data.partnerBrand?.name ?? ''}
            isWorking={cancelRenewal.isPending}
            onConfirm={() => void confirmCancel()}
            onClose={() => setIsCancelling(false)}
          />
        </Stack>
      )}
    </>
  );
};
