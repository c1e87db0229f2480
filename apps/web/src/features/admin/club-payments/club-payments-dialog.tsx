import type { AdminClub } from '@carta/contract/admin';
import { formatCents } from '@carta/contract/payments';
import type { AdminCharge, AdminRefund } from '@carta/contract/refunds';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/query-error.tsx';
import { dateFormat } from '../../../lib/date-formats.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useClubPayments } from '../api/club-payments.ts';
import { RefundDialog } from './refund-dialog.tsx';

const CHARGE_COLOR = {
  succeeded: 'success',
  failed: 'error',
  pending: 'info',
  requiresAction: 'warning',
  dropped: 'default',
} as const;
const REFUND_COLOR = { succeeded: 'success', failed: 'error', pending: 'warning' } as const;

const day = (iso: string) =>
  dateFormat({ dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso.slice(0, 10)}T12:00:00Z`));

const RefundLine = ({ refund }: { refund: AdminRefund }) => {
  const { t } = useTranslation();
  const money = formatCents(refund.amountCents, { language: currentLanguage(), currency: refund.currency });
  const by = refund.reason === 'lateSuccess' ? t('admin.payments.lateSuccess') : refund.requestedBy;
  return (
    <Box component="li" sx={{ listStyle: 'none', py: 0.75 }} data-testid="admin-refund">
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('admin.payments.refundOf', { amount: money })}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={REFUND_COLOR[refund.status]}
          label={t(`admin.payments.refundStatus.${refund.status}`)}
        />
        <Typography variant="body2" color="text.secondary">
          {day(refund.createdAt)}
          {by ? ` · ${by}` : ''}
        </Typography>
      </Stack>
      {refund.creditNote && (
        <Typography variant="body2">
          {t('admin.payments.creditNote', { number: refund.creditNote.number })}
        </Typography>
      )}
      {refund.note && (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          “{refund.note}”
        </Typography>
      )}
      {refund.status === 'failed' && refund.failureReason && (
        <Typography variant="body2" color="error">
          {t('admin.payments.failureReason', { reason: refund.failureReason })}
        </Typography>
      )}
    </Box>
  );
};

const ChargeCard = ({ charge, onRefund }: { charge: AdminCharge; onRefund: () => void }) => {
  const { t } = useTranslation();
  const money = (cents: number) =>
    formatCents(cents, { language: currentLanguage(), currency: charge.currency });
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }} data-testid="admin-charge">
      <Stack spacing={1}>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 1 }}>
          <Typography variant="h3" component="h3" sx={{ mr: 0.5 }}>
            {money(charge.amountCents)}
          </Typography>
          <Chip
            size="small"
            color={CHARGE_COLOR[charge.status]}
            label={t(`admin.payments.chargeStatus.${charge.status}`)}
          />
          <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
            {day(charge.createdAt)}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('admin.payments.period', { start: day(charge.periodStart), end: day(charge.periodEnd) })}
          {' · '}
          {charge.invoice
            ? t('admin.payments.invoice', { number: charge.invoice.number })
            : t('admin.payments.noInvoice')}
        </Typography>
        {charge.refundedCents > 0 && (
          <Typography variant="body2">
            {t('admin.payments.refunded', { amount: money(charge.refundedCents) })}
          </Typography>
        )}
        {charge.refunds.length > 0 && (
          <Box component="ul" sx={{ m: 0, p: 0, borderTop: 1, borderColor: 'divider' }}>
            {charge.refunds.map((refund) => (
              <RefundLine key={refund.id} refund={refund} />
            ))}
          </Box>
        )}
        {charge.refundableCents > 0 && (
          <Box>
            <Button variant="outlined" color="error" onClick={onRefund} sx={{ minHeight: 44 }}>
              {t('admin.payments.refund')}
            </Button>
          </Box>
        )}
      </Stack>
    </Paper>
  );
};

/** A club's payments in the admin console: charges, invoices, refunds and credit notes, and refunding. */
export const ClubPaymentsDialog = ({ club, onClose }: { club: AdminClub | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const payments = useClubPayments(club?.id ?? null);
  const [refunding, setRefunding] = useState<AdminCharge | null>(null);

  let content: ReactNode;
  if (payments.isError) content = <QueryError onRetry={() => void payments.refetch()} />;
  else if (!payments.data)
    content = (
      <Stack spacing={2} aria-busy="true">
        {[0, 1].map((index) => (
          <Skeleton key={index} variant="rounded" height={120} />
        ))}
      </Stack>
    );
  else if (payments.data.charges.length === 0)
    content = (
      <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 4 }} data-testid="no-payments">
        <ReceiptLongOutlined color="disabled" sx={{ fontSize: 40 }} aria-hidden />
        <Typography color="text.secondary">{t('admin.payments.empty')}</Typography>
      </Stack>
    );
  else
    content = (
      <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }}>
        {payments.data.charges.map((charge) => (
          <ChargeCard key={charge.id} charge={charge} onRefund={() => setRefunding(charge)} />
        ))}
      </Stack>
    );

  return (
    <>
      <Dialog open={club !== null} onClose={onClose} fullWidth maxWidth="sm" fullScreen={isPhone}>
        <DialogTitle>{t('admin.payments.title', { name: club?.name ?? '' })}</DialogTitle>
        <DialogContent dividers>{content}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('admin.payments.close')}</Button>
        </DialogActions>
      </Dialog>
      {club && <RefundDialog club={club} charge={refunding} onClose={() => setRefunding(null)} />}
    </>
  );
};

/** The club card's "Payments" button, with its dialog. */
export const ClubPaymentsButton = ({ club, isBusy }: { club: AdminClub; isBusy: boolean }) => {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" disabled={isBusy} onClick={() => setOpen(true)}>
        {t('admin.payments.open')}
      </Button>
      <ClubPaymentsDialog club={isOpen ? club : null} onClose={() => setOpen(false)} />
    </>
  );
};
