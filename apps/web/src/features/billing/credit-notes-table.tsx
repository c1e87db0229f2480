import type { CreditNote } from '@carta/contract/refunds';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BillingFileButtons } from './billing-file-buttons.tsx';
import { formatDay, formatMoney, formatPercent } from './billing-format.ts';
import { phoneBlock, phoneCell, phoneRow } from './billing-table.ts';
import { BillingTableHead } from './billing-table-head.tsx';

/**
 * The club's credit notes beside its invoices (docs/decisions/0063-refunds-and-credit-notes.md): number,
 * date, the invoice each corrects, the amount given back; each one's PDF and XML.
 */
export const CreditNotesTable = ({ clubId, creditNotes }: { clubId: string; creditNotes: CreditNote[] }) => {
  const { t } = useTranslation();
  const tax = (note: CreditNote) =>
    note.reverseCharge
      ? t('billing.invoices.reverseCharge')
      : t('billing.invoices.vat', { rate: formatPercent(note.vatBasisPoints / 100) });
  return (
    <Stack spacing={1} data-testid="credit-notes">
      <Typography variant="h3" component="h3" sx={{ pt: 1 }}>
        {t('creditNotes.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('creditNotes.text')}
      </Typography>
      <Table size="small" aria-label={t('creditNotes.title')} sx={{ display: { xs: 'block', sm: 'table' } }}>
        <BillingTableHead
          labels={{
            number: t('creditNotes.number'),
            date: t('creditNotes.date'),
            third: t('creditNotes.invoice'),
            total: t('creditNotes.total'),
            files: t('creditNotes.files'),
          }}
        />
        <TableBody sx={phoneBlock}>
          {creditNotes.map((note) => (
            <TableRow
              key={note.id}
              data-testid="credit-note"
              sx={phoneRow('"number total files" "date total files" "invoice invoice files"')}
            >
              <TableCell sx={[phoneCell('number'), { fontWeight: 600, whiteSpace: 'nowrap' }]}>
                {note.number}
              </TableCell>
              <TableCell sx={[phoneCell('date', true), { whiteSpace: 'nowrap' }]}>
                {formatDay(note.issuedOn, 'medium')}
              </TableCell>
              <TableCell sx={phoneCell('invoice', true)}>
                {t('creditNotes.corrects', { number: note.invoiceNumber })}
              </TableCell>
              <TableCell align="right" sx={[phoneCell('total'), { whiteSpace: 'nowrap' }]}>
                <Typography sx={{ fontWeight: 600 }}>
                  {formatMoney(-note.grossCents, note.currency)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {tax(note)}
                </Typography>
              </TableCell>
              <TableCell align="right" sx={[phoneCell('files'), { width: 104 }]}>
                <BillingFileButtons clubId={clubId} kind="creditNote" id={note.id} number={note.number} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
};
