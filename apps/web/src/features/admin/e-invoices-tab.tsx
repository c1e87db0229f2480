import { type AdminEInvoice, E_INVOICE_STATUSES, type EInvoiceStatus } from '@carta/contract/e-invoice';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryError } from '../../components/query-error.tsx';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { useSnackbar } from '../../lib/snackbar.ts';
import { AdminPagination } from './admin-pagination.tsx';
import { useDownloadEInvoice, useEInvoices, useResendEInvoice } from './api/e-invoices.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import {
  type Actions,
  documentLabel,
  Reason,
  RowActions,
  StatusChip,
  TransmissionCard,
  useWhen,
} from './e-invoice-rows.tsx';

const PAGE_SIZE = 25;

const isStatus = (value: string | null): value is EInvoiceStatus =>
  (E_INVOICE_STATUSES as readonly (string | null)[]).includes(value);

/**
 * The FatturaPA files sent to SDI and what became of them (0062): a status filter, each file's document,
 * venue, status and SDI's reason for a rejection, its XML, and the resend of a rejected file once its
 * data were fixed.
 */
export const EInvoicesTab = () => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('md'));
  const { enqueueSnackbar } = useSnackbar();
  const [searchParameters, setSearchParameters] = useSearchParams();
  const requested = searchParameters.get('status');
  const status = isStatus(requested) ? requested : undefined;
  const [page, setPage] = useState(1);
  const files = useEInvoices(status, page, PAGE_SIZE);
  const resend = useResendEInvoice();
  const download = useDownloadEInvoice();
  const [pending, setPending] = useState<AdminEInvoice | null>(null);
  const when = useWhen();

  const choose = (next: EInvoiceStatus | undefined) => {
    setPage(1);
    setSearchParameters((current) => {
      const values = Object.fromEntries(current);
      if (next) return { ...values, status: next };
      const { status: _status, ...rest } = values;
      return rest;
    });
  };

  const actions: Actions = {
    busyId: resend.isPending ? (resend.variables ?? null) : null,
    onResend: setPending,
    onDownload: (row) =>
      download.mutate(row, {
        onError: (error) =>
          enqueueSnackbar(errorMessage(error, t('errors.GENERIC_TRY_LATER')), { variant: 'error' }),
      }),
  };

  // Not useMutationWithToast: a document that can no longer be sent has words of its own.
  const runResend = async (row: AdminEInvoice) => {
    try {
      await resend.mutateAsync(row.id);
      enqueueSnackbar(t('admin.eInvoices.resent', { document: documentLabel(row, t) }), {
        variant: 'success',
      });
    } catch (error) {
      const message =
        error instanceof ApiError && error.code === 'CONFLICT'
          ? t('admin.eInvoices.cannotResend')
          : errorMessage(error, t('errors.GENERIC_TRY_LATER'));
      enqueueSnackbar(message, { variant: 'error' });
    }
  };

  const filters = (
    <Stack
      direction="row"
      role="group"
      aria-label={t('admin.filters.label')}
      sx={{ flexWrap: 'wrap', gap: 1 }}
    >
      {[undefined, ...E_INVOICE_STATUSES].map((name) => {
        const isSelected = name === status;
        return (
          <Chip
            key={name ?? 'all'}
            label={name ? t(`admin.eInvoices.status.${name}`) : t('admin.filters.all')}
            color={isSelected ? 'primary' : 'default'}
            variant={isSelected ? 'filled' : 'outlined'}
            aria-pressed={isSelected}
            onClick={() => choose(name)}
          />
        );
      })}
    </Stack>
  );

  let content: React.ReactNode;
  if (files.isError) content = <QueryError onRetry={() => void files.refetch()} />;
  else if (files.isPending)
    content = <Skeleton variant="rounded" height={240} data-testid="e-invoices-loading" />;
  else if (files.data.transmissions.length === 0)
    content = (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }} data-testid="e-invoices-empty">
        {status
          ? t('admin.eInvoices.emptyStatus', { status: t(`admin.eInvoices.status.${status}`) })
          : t('admin.eInvoices.empty')}
      </Typography>
    );
  else
    content = (
      <Paper
        variant={isWide ? 'outlined' : 'elevation'}
        elevation={0}
        sx={{ bgcolor: isWide ? undefined : 'transparent' }}
      >
        {isWide ? (
          <Table size="small" aria-label={t('admin.tabs.eInvoices')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('admin.eInvoices.document')}</TableCell>
                <TableCell>{t('admin.eInvoices.venue')}</TableCell>
                <TableCell>{t('admin.eInvoices.statusHeader')}</TableCell>
                <TableCell sx={{ width: '30%' }}>{t('admin.eInvoices.reason')}</TableCell>
                <TableCell align="right" sx={{ minWidth: 220 }}>
                  {t('admin.eInvoices.actions')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {files.data.transmissions.map((row) => (
                <TableRow key={row.id} data-testid="e-invoice" hover>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {documentLabel(row, t)}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {row.fileName}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {when(row)}
                    </Typography>
                  </TableCell>
                  <TableCell>{row.clubName}</TableCell>
                  <TableCell>
                    <StatusChip status={row.status} />
                  </TableCell>
                  <TableCell>
                    <Reason row={row} />
                  </TableCell>
                  <TableCell align="right">
                    <RowActions row={row} {...actions} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
            {files.data.transmissions.map((row) => (
              <TransmissionCard key={row.id} row={row} {...actions} />
            ))}
          </Stack>
        )}
        <AdminPagination count={files.data.total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
      </Paper>
    );

  return (
    <Stack spacing={2}>
      {files.data && (
        <Alert severity="info" variant="outlined">
          {files.data.provider === 'http' ? t('admin.eInvoices.introHttp') : t('admin.eInvoices.introOutbox')}
        </Alert>
      )}
      {filters}
      {content}
      <ConfirmDialog
        confirmation={
          pending
            ? {
                title: t('admin.eInvoices.resendTitle', { document: documentLabel(pending, t) }),
                text: t('admin.eInvoices.resendText', { reason: pending.reason ?? '' }),
                confirmLabel: t('admin.eInvoices.resend'),
              }
            : null
        }
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (pending) void runResend(pending);
        }}
      />
    </Stack>
  );
};
