import {
  columnLabel,
  type ExcelImportResult,
  type ExcelRowError,
  type ImportColumn,
  type TemplateLanguage,
} from '@carta/contract/menu-import';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n.ts';

/** Every refused row: its number, the column as the owner's headers name it, and why. */
export const RowErrorTable = ({ errors }: { errors: ExcelRowError[] }) => {
  const { t } = useTranslation();
  const language: TemplateLanguage = currentLanguage() === 'en' ? 'en' : 'it';
  return (
    <TableContainer sx={{ maxHeight: 420, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader aria-label={t('menuImport.errorTable')} data-testid="import-errors">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '4.5rem' }}>{t('menuImport.row')}</TableCell>
            <TableCell sx={{ width: '30%' }}>{t('menuImport.column')}</TableCell>
            <TableCell>{t('menuImport.reason')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {errors.map((error) => (
            <TableRow key={`${error.row}:${error.column}:${error.key}`}>
              <TableCell>{error.row}</TableCell>
              <TableCell>
                {error.column
                  ? columnLabel(error.column as ImportColumn, language)
                  : t('menuImport.wholeRow')}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{error.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

/** What the workbook will create: how many sections and items, and each section's first items. */
export const ImportPreview = ({ preview }: { preview: ExcelImportResult }) => {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} data-testid="import-preview">
      <Alert severity="success">
        {t('menuImport.willCreate', {
          sections: t('menuImport.sections', { count: preview.sectionCount }),
          items: t('menuImport.items', { count: preview.itemCount }),
        })}
      </Alert>
      <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
        {preview.sections.map((section) => (
          <Box
            component="li"
            key={section.name}
            sx={{ py: 1, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
          >
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {section.name}{' '}
              <Typography component="span" color="text.secondary" variant="body2">
                · {t('menuImport.items', { count: section.itemCount })}
              </Typography>
            </Typography>
            {section.firstItems.length > 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {section.firstItems.join(', ')}
                {section.itemCount > section.firstItems.length ? ', …' : ''}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </Stack>
  );
};
