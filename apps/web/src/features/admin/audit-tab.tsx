import type { AuditEntry } from '@carta/contract/admin';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/query-error.tsx';
import { dateFormat } from '../../lib/date-formats.ts';
import { useAuditLog } from './api/get-audit-log.ts';

const PAGE_SIZE = 25;

/** What changed, in a line: the fields of the request, as the admin sent them. */
const detailsLine = (details: AuditEntry['details']) =>
  Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && typeof value !== 'object')
    .map(([name, value]) => `${name}: ${String(value).slice(0, 80)}`)
    .join(' · ');

/** Who did what and when, newest first. */
export const AuditTab = () => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const audit = useAuditLog(page, PAGE_SIZE);
  const format = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  if (audit.isError) return <QueryError onRetry={() => void audit.refetch()} />;
  if (audit.isPending) return <Skeleton variant="rounded" height={240} />;
  if (audit.data.entries.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        {t('admin.audit.empty')}
      </Typography>
    );
  return (
    <Paper variant="outlined">
      <List disablePadding>
        {audit.data.entries.map((entry, index) => {
          const [target = '', action = ''] = entry.action.split('.');
          const who = entry.actor ? t('admin.audit.by', { actor: entry.actor }) : t('admin.audit.system');
          return (
            <ListItem
              key={entry.id}
              divider={index < audit.data.entries.length - 1}
              data-testid="audit-entry"
            >
              <ListItemText
                primary={t(`admin.audit.actions.${target}.${action}`, {
                  id: entry.targetId,
                  defaultValue: entry.action,
                })}
                secondary={[format.format(new Date(entry.createdAt)), who, detailsLine(entry.details)]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          );
        })}
      </List>
      <TablePagination
        component="div"
        count={audit.data.total}
        page={page - 1}
        rowsPerPage={PAGE_SIZE}
        rowsPerPageOptions={[PAGE_SIZE]}
        onPageChange={(_, next) => setPage(next + 1)}
        labelDisplayedRows={({ from, to, count }) => t('admin.pagination.of', { from, to, count })}
      />
    </Paper>
  );
};
