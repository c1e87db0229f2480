import type { CurrentPaymentState, PaymentPlan } from '@carta/contract/payments';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { failureMessage, useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useChangePlanPreview } from './api/get-change-plan-preview.ts';
import { useSubscribe } from './api/subscribe.ts';
import { formatDay, formatMoney, periodKey } from './billing-format.ts';

type ChangePlanDialogProps = {
  clubId: string;
  state: CurrentPaymentState;
  /** The plan to switch to; null: closed. */
  plan: PaymentPlan | null;
  onClose: () => void;
};

/**
 * Switching plan (docs/product.md, Subscription: no charge now, the days left converted): the server's preview
 * first, so the owner sees the new expiration date before confirming.
 */
export const ChangePlanDialog = ({ clubId, state, plan, onClose }: ChangePlanDialogProps) => {
  const { t } = useTranslation();
  const preview = useChangePlanPreview(clubId, plan?.id ?? null);
  const subscribe = useSubscribe(clubId);
  const runSubscribe = useMutationWithToast(subscribe);
  const periodName = plan ? t(`billing.period.${periodKey(plan.months)}`, { count: plan.months }) : '';
  const currentPeriod = state.paymentPlan
    ? t(`billing.period.${periodKey(state.paymentPlan.months)}`, { count: state.paymentPlan.months })
    : '';
  const isPartner = state.status === 'partner';

  const confirm = async () => {
    if (!plan || !preview.data) return;
    const failure = await runSubscribe({ paymentPlanId: plan.id }, (result) =>
      t('plan.change.done', {
        period: periodName.toLowerCase(),
        date: formatDay(result.state.subscriptionExpiration ?? preview.data.newExpiration),
      }),
    );
    if (failure === null) onClose();
  };

  return (
    <Dialog open={plan !== null} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('plan.change.title', { period: periodName.toLowerCase() })}</DialogTitle>
      <DialogContent>
        {preview.isError ? (
          <Alert severity="error">{failureMessage(preview.error, t('errors.GENERIC_TRY_LATER'))}</Alert>
        ) : !preview.data || !plan ? (
          <Stack spacing={1} aria-busy="true">
            <Skeleton variant="text" width="90%" />
            <Skeleton variant="text" width="70%" />
            <Skeleton variant="rounded" height={64} />
          </Stack>
        ) : (
          <Stack spacing={2}>
            <DialogContentText>
              {isPartner
                ? t('plan.change.partnerText', { period: periodName.toLowerCase() })
                : t('plan.change.text', {
                    count: preview.data.daysLeft,
                    daysGiven: preview.data.daysGiven,
                    current: currentPeriod.toLowerCase(),
                    period: periodName.toLowerCase(),
                  })}
            </DialogContentText>
            <Box
              sx={{ p: 2, borderRadius: 1, bgcolor: 'action.hover', display: 'grid', gap: 0.5 }}
              data-testid="change-plan-preview"
            >
              <Typography variant="body2" color="text.secondary">
                {isPartner ? t('plan.change.startsOn') : t('plan.change.newExpiration')}
              </Typography>
              <Typography sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
                {formatDay(preview.data.newExpiration)}
              </Typography>
              <Typography variant="body2">
                {t('plan.change.then', {
                  amount: formatMoney(plan.grossCents, plan.currency),
                  date: formatDay(preview.data.newExpiration),
                })}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {t('plan.change.nothingNow')}
            </Typography>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!preview.data}
          loading={subscribe.isPending}
          onClick={() => void confirm()}
        >
          {t('plan.change.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
