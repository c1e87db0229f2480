import type { CurrentPaymentState } from '@carta/contract/payments';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paymentErrorKey } from './billing-format.ts';

/** What needs the owner now, above the plan: a payment waiting for its outcome, or one that did not go through. */
export const PlanStatusAlert = ({ clubId, state }: { clubId: string; state: CurrentPaymentState }) => {
  const { t } = useTranslation();
  const reason = t(paymentErrorKey(state.paymentErrorCode));
  // A failed renewal: the app frame's banner above carries the countdown and the way to a new card, and
  // the plan card below says why.
  if (state.daysBeforeDeactivation !== null) return null;
  if (state.paymentPending)
    return (
      <Alert severity="info" data-testid="plan-payment-pending">
        <AlertTitle>{t('plan.status.pendingTitle')}</AlertTitle>
        {state.paymentErrorCode === 'authenticationRequired'
          ? t('plan.status.pendingAuthentication')
          : t('plan.status.pendingText')}
        {state.kind === 'free' && state.paymentErrorCode === 'authenticationRequired' && (
          <div>
            <Button
              variant="contained"
              size="small"
              component={RouterLink}
              to={`/clubs/${clubId}/payment`}
              sx={{ mt: 1 }}
            >
              {t('plan.status.confirmPayment')}
            </Button>
          </div>
        )}
      </Alert>
    );
  if (state.kind === 'free' && state.paymentErrorCode)
    return (
      <Alert severity="warning" data-testid="plan-payment-refused">
        <AlertTitle>{t('plan.status.refusedTitle')}</AlertTitle>
        {reason} {t('plan.status.refusedText')}
      </Alert>
    );
  return null;
};
