import { formatCents } from '@carta/contract/payments';
import { type AdminCharge, REFUND_NOTE_MAX } from '@carta/contract/refunds';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { currentLanguage, translateMessageKey } from '../../../lib/i18n.ts';
import { useSnackbar } from '../../../lib/snackbar.ts';
import { useRefundCharge } from '../api/club-payments.ts';
import { amountText, checkRefund } from './refund-amount.ts';

/** The currency's sign as the language writes it ("€"), for the amount field. */
const currencySign = (currency: string, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency })
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value ?? currency;

/**
 * Refunds a charge (docs/decisions/0063-refunds-and-credit-notes.md): the amount, prefilled with what is
 * left, and a note; then a confirmation that says exactly what will happen before anything is sent.
 */
export const RefundDialog = ({
  club,
  charge,
  onClose,
}: {
  club: { id: number; name: string };
  charge: AdminCharge | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const refund = useRefundCharge();
  const language = currentLanguage();
  const [values, setValues] = useState({ amount: '', note: '' });
  const [chargeShown, setChargeShown] = useState<number | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ amountCents: number; note: string | null } | null>(null);

  // A new charge opens with the amount left to refund, in the interface language's notation.
  if (charge && charge.id !== chargeShown) {
    setChargeShown(charge.id);
    setValues({ amount: amountText(charge.refundableCents, language), note: '' });
    setErrorKey(null);
    setConfirming(null);
  }
  if (!charge) {
    if (chargeShown !== null) setChargeShown(null);
    return null;
  }

  const money = (cents: number) => formatCents(cents, { language, currency: charge.currency });
  const leftText = money(charge.refundableCents);

  const review = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkRefund(values, charge.refundableCents, leftText);
    if (!checked.ok) {
      setErrorKey(checked.key);
      return;
    }
    setErrorKey(null);
    setConfirming(checked.request);
  };

  const send = async () => {
    if (!confirming) return;
    // Not useMutationWithToast: the toast's kind follows the refund's outcome, and a refusal reopens the form.
    try {
      const made = await refund.mutateAsync({ clubId: club.id, chargeId: charge.id, request: confirming });
      const amount = money(made.amountCents);
      if (made.status === 'succeeded')
        enqueueSnackbar(
          made.creditNote
            ? t('admin.payments.done.succeededWithNote', {
                amount,
                name: club.name,
                number: made.creditNote.number,
              })
            : t('admin.payments.done.succeeded', { amount, name: club.name }),
          { variant: 'success' },
        );
      else if (made.status === 'pending')
        enqueueSnackbar(t('admin.payments.done.pending', { amount, name: club.name }), { variant: 'info' });
      else
        enqueueSnackbar(t('admin.payments.done.failed', { reason: made.failureReason ?? '' }), {
          variant: 'error',
        });
      onClose();
    } catch (error) {
      // Refused before anything was sent (more than what is left, a refund already under way): back to the
      // form, with the reason.
      enqueueSnackbar(error instanceof ApiError ? error.message : t('errors.GENERIC_TRY_LATER'), {
        variant: 'error',
      });
      setConfirming(null);
    }
  };

  return (
    <Dialog open onClose={refund.isPending ? undefined : onClose} fullWidth maxWidth="xs">
      {confirming ? (
        <>
          <DialogTitle>{t('admin.payments.confirmTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText data-testid="refund-confirmation">
              {t(charge.invoice ? 'admin.payments.confirmText' : 'admin.payments.confirmTextNoInvoice', {
                amount: money(confirming.amountCents),
                name: club.name,
              })}
            </DialogContentText>
            <DialogContentText sx={{ mt: 1.5 }}>{t('admin.payments.confirmOwner')}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(null)} disabled={refund.isPending}>
              {t('admin.payments.back')}
            </Button>
            <Button variant="contained" color="error" loading={refund.isPending} onClick={() => void send()}>
              {t('admin.payments.refundAmount', { amount: money(confirming.amountCents) })}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={review}>
          <DialogTitle>{t('admin.payments.refundTitle', { name: club.name })}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <DialogContentText>
                {t('admin.payments.refundText', {
                  paid: money(charge.amountCents),
                  refunded: money(charge.refundedCents),
                  left: leftText,
                })}
              </DialogContentText>
              <TextField
                label={t('admin.payments.amount')}
                value={values.amount}
                onChange={(event) => setValues({ ...values, amount: event.target.value })}
                required
                autoFocus
                error={errorKey !== null}
                helperText={
                  errorKey
                    ? translateMessageKey(t, errorKey)
                    : t('admin.payments.amountHelp', { max: leftText })
                }
                slotProps={{
                  htmlInput: { inputMode: 'decimal', 'data-testid': 'refund-amount' },
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        {currencySign(charge.currency, language)}
                      </InputAdornment>
                    ),
                  },
                }}
              />
              <TextField
                label={t('admin.payments.note')}
                value={values.note}
                onChange={(event) => setValues({ ...values, note: event.target.value })}
                multiline
                minRows={2}
                helperText={t('admin.payments.noteHelp')}
                slotProps={{ htmlInput: { maxLength: REFUND_NOTE_MAX } }}
              />
              <Alert severity="info">{t('admin.payments.planUnchanged')}</Alert>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained">
              {t('admin.payments.continue')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
};
