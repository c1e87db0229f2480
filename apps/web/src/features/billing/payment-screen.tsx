import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useClub } from '../../api/get-club.ts';
import { QueryError } from '../../components/query-error.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { usePaymentMethods } from './api/get-payment-methods.ts';
import { usePaymentPlans } from './api/get-payment-plans.ts';
import { usePaymentState } from './api/get-payment-state.ts';
import { NothingToPayPanel, PendingPanel } from './payment/outcome-panels.tsx';
import { type PaymentScreenMode, screenContent } from './payment/payment-flow.ts';
import { PaymentFlow } from './payment/payment-flow-view.tsx';
import { PaymentMethodsPanel } from './payment-methods-panel.tsx';

const PaymentSkeleton = () => (
  <Stack spacing={3} aria-busy="true">
    <Skeleton variant="rounded" height={56} />
    <Skeleton variant="rounded" height={320} />
  </Stack>
);

/** `?plan=<paymentPlanId>`: a positive whole number, else none. */
const requestedPlan = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * /clubs/:clubId/payment: what the server says the screen is for (`paymentScreen`), judged once as it
 * opens so the flow runs to its end while the state changes under it: subscribing (`?plan=` preselects
 * the plan), paying a failed renewal again, a payment to wait for, the cards only, or nothing to pay.
 */
export const PaymentScreen = () => {
  const { t } = useTranslation();
  const { clubId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const club = useClub(clubId);
  const state = usePaymentState(clubId);
  const plans = usePaymentPlans(clubId);
  const methods = usePaymentMethods(clubId);
  const [mode, setMode] = useState<PaymentScreenMode | null>(null);
  if (mode === null && state.data && !state.isFetching) setMode(state.data.paymentScreen);

  const queries = [club, state, plans, methods];
  const failed = queries.find((query) => query.isError);
  const content = mode === null ? null : screenContent(mode);

  const body = () => {
    if (failed)
      return <QueryError onRetry={() => void Promise.all(queries.map((query) => query.refetch()))} />;
    if (!content || !mode || !club.data || !state.data || !plans.data || !methods.data)
      return <PaymentSkeleton />;
    switch (content.panel) {
      case 'nothingToPay':
        return <NothingToPayPanel clubId={clubId} clubName={club.data.name} />;
      case 'pending':
        return <PendingPanel clubId={clubId} />;
      case 'cards':
        return (
          <Stack spacing={2}>
            <Alert severity="info">{t('payment.cardsOnly')}</Alert>
            <PaymentMethodsPanel clubId={clubId} addMode="inline" />
          </Stack>
        );
      case 'flow':
        return (
          <PaymentFlow
            clubId={clubId}
            clubName={club.data.name}
            mode={mode === 'payAgain' ? 'payAgain' : 'subscribe'}
            state={state.data}
            plans={plans.data}
            methods={methods.data}
            requestedPlanId={requestedPlan(searchParams.get('plan'))}
          />
        );
    }
  };

  return (
    <>
      <Button
        component={RouterLink}
        to={`/clubs/${clubId}/profile/plan`}
        startIcon={<ArrowBack />}
        size="small"
        sx={{ mb: 1 }}
      >
        {t('payment.backToPlans')}
      </Button>
      <ScreenHeader
        title={t('screens.payment')}
        subtitle={t(content?.subtitleKey ?? 'payment.subtitle.subscribe')}
      />
      <Box sx={{ maxWidth: 760 }}>{body()}</Box>
    </>
  );
};
