import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/query-error.tsx';
import { dateFormat } from '../../lib/date-formats.ts';
import { AdminPagination } from './admin-pagination.tsx';
import { useAuditLog } from './api/get-audit-log.ts';
import { auditActor, auditExtra, auditSentence } from './audit-sentence.ts';

const PAGE_SIZE = 25;

/** Who did what and when, newest first. */
export const AuditTab = () => {
  const { t, i18n } = useTranslation();
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
          return (
            <ListItem
              key={entry.id}
              divider={index < audit.data.entries.length - 1}
              data-testid="audit-entry"
            >
              <ListItemText
                primary={auditSentence(t, entry, i18n.language)}
                secondary={[
                  format.format(new Date(entry.createdAt)),
                  auditActor(t, entry),
                  auditExtra(t, entry),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          );
        })}
      </List>
      <AdminPagination count={audit.data.total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
    </Paper>
  );
};
