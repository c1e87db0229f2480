import type { Invoice } from '@carta/contract/billing';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/query-error.tsx';
import { useCreditNotes } from './api/get-credit-notes.ts';
import { useInvoices } from './api/get-invoices.ts';
import { BillingFileButtons } from './billing-file-buttons.tsx';
import { formatDay, formatMoney, formatPercent } from './billing-format.ts';
import { BillingSection } from './billing-section.tsx';
import { phoneBlock, phoneCell, phoneRow } from './billing-table.ts';
import { BillingTableHead } from './billing-table-head.tsx';
import { CreditNotesTable } from './credit-notes-table.tsx';

/**
 * The club's invoices, newest first: number, date, period, total; each one's PDF and FatturaPA XML. The
 * credit notes of refunds follow them (docs/decisions/0063-refunds-and-credit-notes.md).
 */
export const InvoicesPanel = ({ clubId }: { clubId: string }) => {
  const { t } = useTranslation();
  const invoices = useInvoices(clubId);
  const creditNotes = useCreditNotes(clubId);

  const period = (invoice: Invoice) =>
    `${formatDay(invoice.periodStart, 'medium')} – ${formatDay(invoice.periodEnd, 'medium')}`;
  const tax = (invoice: Invoice) =>
    invoice.reverseCharge
      ? t('billing.invoices.reverseCharge')
      : t('billing.invoices.vat', { rate: formatPercent(invoice.vatBasisPoints / 100) });

  let content: ReactNode;
  if (invoices.isError || creditNotes.isError)
    content = (
      <QueryError
        onRetry={() => {
          if (invoices.isError) void invoices.refetch();
          if (creditNotes.isError) void creditNotes.refetch();
        }}
      />
    );
  else if (invoices.isPending || creditNotes.isPending)
    content = (
      <Stack spacing={1} aria-busy="true">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} variant="rounded" height={48} />
        ))}
      </Stack>
    );
  else if (invoices.data.length === 0)
    content = (
      <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 3 }} data-testid="no-invoices">
        <ReceiptLongOutlined color="disabled" sx={{ fontSize: 40 }} aria-hidden />
        <Typography sx={{ fontWeight: 600 }}>{t('billing.invoices.emptyTitle')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('billing.invoices.emptyText')}
        </Typography>
      </Stack>
    );
  else
    content = (
      <Stack spacing={2}>
        <Table
          size="small"
          aria-label={t('billing.invoices.title')}
          sx={{ display: { xs: 'block', sm: 'table' } }}
        >
          <BillingTableHead
            labels={{
              number: t('billing.invoices.number'),
              date: t('billing.invoices.date'),
              third: t('billing.invoices.period'),
              total: t('billing.invoices.total'),
              files: t('creditNotes.files'),
            }}
          />
          <TableBody sx={phoneBlock}>
            {invoices.data.map((invoice) => (
              <TableRow
                key={invoice.id}
                data-testid="invoice"
                sx={phoneRow('"number total files" "date total files" "period period files"')}
              >
                <TableCell sx={[phoneCell('number'), { fontWeight: 600, whiteSpace: 'nowrap' }]}>
                  {invoice.number}
                </TableCell>
                <TableCell sx={[phoneCell('date', true), { whiteSpace: 'nowrap' }]}>
                  {formatDay(invoice.issuedOn, 'medium')}
                </TableCell>
                <TableCell sx={phoneCell('period', true)}>{period(invoice)}</TableCell>
                <TableCell align="right" sx={[phoneCell('total'), { whiteSpace: 'nowrap' }]}>
                  <Typography sx={{ fontWeight: 600 }}>
                    {formatMoney(invoice.grossCents, invoice.currency)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {tax(invoice)}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={[phoneCell('files'), { width: 104 }]}>
                  <BillingFileButtons
                    clubId={clubId}
                    kind="invoice"
                    id={invoice.id}
                    number={invoice.number}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {creditNotes.data.length > 0 && <CreditNotesTable clubId={clubId} creditNotes={creditNotes.data} />}
      </Stack>
    );

  return (
    <BillingSection title={t('billing.invoices.title')} text={t('billing.invoices.text')} testId="invoices">
      {content}
    </BillingSection>
  );
};
