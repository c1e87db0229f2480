import type { Invoice } from '@carta/contract/billing';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/query-error.tsx';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useDownloadInvoice } from './api/download-invoice.ts';
import { useInvoices } from './api/get-invoices.ts';
import { formatDay, formatMoney, formatPercent } from './billing-format.ts';
import { BillingSection } from './billing-section.tsx';

const DownloadButton = ({
  invoice,
  onDownload,
  isBusy,
}: {
  invoice: Invoice;
  onDownload: () => void;
  isBusy: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('billing.invoices.download')}>
      <span>
        <IconButton
          onClick={onDownload}
          disabled={isBusy}
          aria-label={t('billing.invoices.downloadNamed', { number: invoice.number })}
        >
          <PictureAsPdfOutlined />
        </IconButton>
      </span>
    </Tooltip>
  );
};

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** On a phone a row is a small grid instead of a table row; from a tablet up, MUI's own table. */
const phoneRow = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto auto',
    gridTemplateAreas: '"number total pdf" "date total pdf" "period period pdf"',
    alignItems: 'center',
    py: 1,
    borderBottom: `1px solid ${theme.palette.divider}`,
  },
});

const phoneCell = (area: string) => (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    display: 'block',
    gridArea: area,
    borderBottom: 'none',
    px: 0.5,
    py: 0.25,
    ...(area === 'date' || area === 'period' ? { color: 'text.secondary' } : {}),
  },
});

/** The club's invoices, newest first: number, date, period, total; each one's PDF. */
export const InvoicesPanel = ({ clubId }: { clubId: string }) => {
  const { t } = useTranslation();
  const invoices = useInvoices(clubId);
  const download = useDownloadInvoice(clubId);
  const runDownload = useMutationWithToast(download);

  const period = (invoice: Invoice) =>
    `${formatDay(invoice.periodStart, 'medium')} – ${formatDay(invoice.periodEnd, 'medium')}`;
  const tax = (invoice: Invoice) =>
    invoice.reverseCharge
      ? t('billing.invoices.reverseCharge')
      : t('billing.invoices.vat', { rate: formatPercent(invoice.vatBasisPoints / 100) });
  const downloadOf = (invoice: Invoice) => () =>
    void runDownload({
      id: invoice.id,
      fileName: t('billing.invoices.fileName', { number: invoice.number }),
    });
  const isBusy = (invoice: Invoice) => download.isPending && download.variables?.id === invoice.id;

  let content: ReactNode;
  if (invoices.isError) content = <QueryError onRetry={() => void invoices.refetch()} />;
  else if (invoices.isPending)
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
      // One table at every width: on a phone each row folds into a card of its own (number and total on
      // top, date and period under them), the headers hidden.
      <Table
        size="small"
        aria-label={t('billing.invoices.title')}
        sx={{ display: { xs: 'block', sm: 'table' } }}
      >
        <TableHead sx={(theme) => ({ [theme.breakpoints.down('sm')]: { display: 'none' } })}>
          <TableRow>
            <TableCell>{t('billing.invoices.number')}</TableCell>
            <TableCell>{t('billing.invoices.date')}</TableCell>
            <TableCell>{t('billing.invoices.period')}</TableCell>
            <TableCell align="right">{t('billing.invoices.total')}</TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {t('billing.invoices.pdf')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody sx={(theme) => ({ [theme.breakpoints.down('sm')]: { display: 'block' } })}>
          {invoices.data.map((invoice) => (
            <TableRow key={invoice.id} data-testid="invoice" sx={phoneRow}>
              <TableCell sx={[phoneCell('number'), { fontWeight: 600, whiteSpace: 'nowrap' }]}>
                {invoice.number}
              </TableCell>
              <TableCell sx={[phoneCell('date'), { whiteSpace: 'nowrap' }]}>
                {formatDay(invoice.issuedOn, 'medium')}
              </TableCell>
              <TableCell sx={phoneCell('period')}>{period(invoice)}</TableCell>
              <TableCell align="right" sx={[phoneCell('total'), { whiteSpace: 'nowrap' }]}>
                <Typography sx={{ fontWeight: 600 }}>
                  {formatMoney(invoice.grossCents, invoice.currency)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {tax(invoice)}
                </Typography>
              </TableCell>
              <TableCell align="right" sx={[phoneCell('pdf'), { width: 56 }]}>
                <DownloadButton invoice={invoice} onDownload={downloadOf(invoice)} isBusy={isBusy(invoice)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );

  return (
    <BillingSection title={t('billing.invoices.title')} text={t('billing.invoices.text')} testId="invoices">
      {content}
    </BillingSection>
  );
};
