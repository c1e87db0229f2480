import type { CurrentPaymentState } from '@carta/contract/payments';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paymentErrorKey } from './billing-format.ts';
import { planToConfirm } from './plan-choices.ts';

/**
 * What needs the owner now, above the plan: a payment waiting for its outcome (with the way to confirm it
 * when the server offers that), or a first payment that did not go through. A failed renewal is left to
 * the app frame's banner (the countdown, a new card) and the plan card (why).
 */
export const PlanStatusAlert = ({ clubId, state }: { clubId: string; state: CurrentPaymentState }) => {
  const { t } = useTranslation();
  if (state.status === 'paymentFailed') return null;
  const toConfirm = planToConfirm(state);
  if (state.paymentPending)
    return (
      <Alert severity="info" data-testid="plan-payment-pending">
        <AlertTitle>{t('plan.status.pendingTitle')}</AlertTitle>
        {state.paymentErrorCode === 'authenticationRequired'
          ? t('plan.status.pendingAuthentication')
          : t('plan.status.pendingText')}
        {toConfirm !== null && (
          <div>
            <Button
              variant="contained"
              size="small"
              component={RouterLink}
              to={`/clubs/${clubId}/payment?plan=${toConfirm}`}
              sx={{ mt: 1 }}
            >
              {t('plan.status.confirmPayment')}
            </Button>
          </div>
        )}
      </Alert>
    );
  if (state.status === 'freemium' && state.paymentErrorCode)
    return (
      <Alert severity="warning" data-testid="plan-payment-refused">
        <AlertTitle>{t('plan.status.refusedTitle')}</AlertTitle>
        {t(paymentErrorKey(state.paymentErrorCode))} {t('plan.status.refusedText')}
      </Alert>
    );
  return null;
};
