import type { CurrentPaymentState, PaymentPlan } from '@carta/contract/payments';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useSubscribe } from './api/subscribe.ts';
import { formatDay, periodKey } from './billing-format.ts';

type ReactivateWithDialogProps = {
  clubId: string;
  state: CurrentPaymentState;
  /** The other plan to restore the renewal with; null: closed. */
  plan: PaymentPlan | null;
  onClose: () => void;
};

/**
 * Restoring a cancelled renewal with another plan (`reactivateWith`): nothing is charged now, but the days
 * left are recalculated at the new plan's price, so the owner reads that before confirming.
 */
export const ReactivateWithDialog = ({ clubId, state, plan, onClose }: ReactivateWithDialogProps) => {
  const { t } = useTranslation();
  const subscribe = useSubscribe(clubId);
  const runSubscribe = useMutationWithToast(subscribe);
  const nameOf = (months: number) =>
    t(`billing.period.${periodKey(months)}`, { count: months }).toLowerCase();
  const period = plan ? nameOf(plan.months) : '';
  const current = state.paymentPlan ? nameOf(state.paymentPlan.months) : '';

  const confirm = async () => {
    if (!plan) return;
    const failure = await runSubscribe({ paymentPlanId: plan.id }, (result) => {
      const day = result.state.renewalDate ?? result.state.subscriptionExpiration;
      return t('plan.reactivateWithDialog.done', { period, date: day ? formatDay(day) : '' });
    });
    if (failure === null) onClose();
  };

  return (
    <Dialog open={plan !== null} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('plan.reactivateWithDialog.title', { period })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('plan.reactivateWithDialog.text', { period, current })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" loading={subscribe.isPending} onClick={() => void confirm()}>
          {t('plan.reactivateWithDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
