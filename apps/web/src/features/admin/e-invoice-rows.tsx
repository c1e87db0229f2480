import type { AdminEInvoice, EInvoiceStatus } from '@carta/contract/e-invoice';
import Download from '@mui/icons-material/Download';
import Replay from '@mui/icons-material/Replay';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../../lib/date-formats.ts';

// The pieces of a FatturaPA file's row in the console's E-invoices tab (0062), as a table row or a card.

const STATUS_COLOR: Record<EInvoiceStatus, ChipProps['color']> = {
  waiting: 'default',
  sent: 'info',
  delivered: 'success',
  rejected: 'error',
};

export const StatusChip = ({ status }: { status: EInvoiceStatus }) => {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status]}
      variant={status === 'waiting' ? 'outlined' : 'filled'}
      label={t(`admin.eInvoices.status.${status}`)}
      data-testid="e-invoice-status"
    />
  );
};

export type Actions = {
  onDownload: (row: AdminEInvoice) => void;
  onResend: (row: AdminEInvoice) => void;
  busyId: number | null;
};

export const RowActions = ({ row, onDownload, onResend, busyId }: Actions & { row: AdminEInvoice }) => {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
      <Button
        size="small"
        startIcon={<Download />}
        onClick={() => onDownload(row)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('admin.eInvoices.download')}
      </Button>
      {row.status === 'rejected' && (
        <Button
          size="small"
          variant="contained"
          startIcon={<Replay />}
          loading={busyId === row.id}
          sx={{ whiteSpace: 'nowrap' }}
          onClick={() => onResend(row)}
        >
          {t('admin.eInvoices.resend')}
        </Button>
      )}
    </Stack>
  );
};

/** When, in a line: made, sent, and the next try of a file still on its way. */
export const useWhen = () => {
  const { t } = useTranslation();
  const format = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  return (row: AdminEInvoice) =>
    [
      t('admin.eInvoices.created', { date: format.format(new Date(row.createdAt)) }),
      row.sentAt ? t('admin.eInvoices.sent', { date: format.format(new Date(row.sentAt)) }) : null,
      row.nextAttemptAt && row.status === 'sent'
        ? t('admin.eInvoices.nextCheck', { date: format.format(new Date(row.nextAttemptAt)) })
        : null,
      row.nextAttemptAt && row.status === 'waiting'
        ? t('admin.eInvoices.nextAttempt', { date: format.format(new Date(row.nextAttemptAt)) })
        : null,
      row.attempts > 0 && (row.status === 'waiting' || row.status === 'sent')
        ? t('admin.eInvoices.failedTries', { count: row.attempts })
        : null,
    ]
      .filter(Boolean)
      .join(' · ');
};

export const documentLabel = (row: AdminEInvoice, t: (key: string) => string) =>
  `${t(`admin.eInvoices.kind.${row.documentKind}`)} ${row.documentNumber}`;

export const Reason = ({ row }: { row: AdminEInvoice }) =>
  row.reason ? (
    <Typography
      variant="body2"
      color={row.status === 'rejected' ? 'error' : 'text.secondary'}
      sx={{ overflowWrap: 'anywhere' }}
      data-testid="e-invoice-reason"
    >
      {row.reason}
    </Typography>
  ) : null;

/** Phones: one card per file. */
export const TransmissionCard = ({ row, ...actions }: Actions & { row: AdminEInvoice }) => {
  const { t } = useTranslation();
  const when = useWhen();
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }} data-testid="e-invoice">
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle1" component="h3">
            {documentLabel(row, t)}
          </Typography>
          <StatusChip status={row.status} />
        </Stack>
        <Typography variant="body2">{row.clubName}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {row.fileName} · {when(row)}
        </Typography>
        <Reason row={row} />
        <RowActions row={row} {...actions} />
      </Stack>
    </Paper>
  );
};
