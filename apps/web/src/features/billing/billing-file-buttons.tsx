import CodeOutlined from '@mui/icons-material/CodeOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useDownloadBillingFile } from './api/download-billing-file.ts';

/**
 * An invoice's or a credit note's two files: the PDF, and the FatturaPA XML that went to the Sistema di
 * Interscambio (docs/decisions/0063-refunds-and-credit-notes.md).
 */
export const BillingFileButtons = ({
  clubId,
  kind,
  id,
  number,
}: {
  clubId: string;
  kind: 'invoice' | 'creditNote';
  id: number;
  number: string;
}) => {
  const { t } = useTranslation();
  const download = useDownloadBillingFile(clubId);
  const runDownload = useMutationWithToast(download);
  const base = kind === 'invoice' ? `/invoices/${id}` : `/credit-notes/${id}`;
  const files = [
    {
      path: `${base}/pdf`,
      icon: <PictureAsPdfOutlined />,
      tooltip: t('creditNotes.downloadPdf'),
      label: t(kind === 'invoice' ? 'billing.invoices.downloadNamed' : 'creditNotes.downloadPdfNamed', {
        number,
      }),
      fileName: t(kind === 'invoice' ? 'billing.invoices.fileName' : 'creditNotes.fileName', { number }),
    },
    {
      path: `${base}/fatturapa`,
      icon: <CodeOutlined />,
      tooltip: t('creditNotes.downloadXml'),
      label: t(kind === 'invoice' ? 'creditNotes.downloadXmlInvoice' : 'creditNotes.downloadXmlNote', {
        number,
      }),
      fileName: t(kind === 'invoice' ? 'creditNotes.xmlInvoiceFileName' : 'creditNotes.xmlNoteFileName', {
        number,
      }),
    },
  ];
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      {files.map((file) => (
        <Tooltip key={file.path} title={file.tooltip}>
          <span>
            <IconButton
              onClick={() => void runDownload({ path: file.path, fileName: file.fileName })}
              disabled={download.isPending && download.variables?.path === file.path}
              aria-label={file.label}
            >
              {file.icon}
            </IconButton>
          </span>
        </Tooltip>
      ))}
    </Stack>
  );
};
