import { formatPhone } from '@carta/contract/phone-numbers';
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/query-error.tsx';
import { dateFormat } from '../../lib/date-formats.ts';
import { usePhoneDuplicates } from './api/get-phone-duplicates.ts';

/**
 * Accounts made before phones were stored in one form that turned out to share a number (0050): the
 * conversion merged nothing, so an admin decides, with the owners, which account stays.
 */
export const PhoneDuplicatesTab = () => {
  const { t } = useTranslation();
  const duplicates = usePhoneDuplicates();
  const format = dateFormat({ dateStyle: 'medium' });
  if (duplicates.isError) return <QueryError onRetry={() => void duplicates.refetch()} />;
  if (duplicates.isPending) return <Skeleton variant="rounded" height={240} />;
  const { groups } = duplicates.data;
  return (
    <Stack spacing={2}>
      <Alert severity={groups.length === 0 ? 'success' : 'warning'} variant="outlined">
        {groups.length === 0 ? t('admin.phoneDuplicates.none') : t('admin.phoneDuplicates.intro')}
      </Alert>
      {groups.map((group) => (
        <Paper key={group.canonicalPhone} variant="outlined" data-testid="phone-duplicate-group">
          <Typography variant="h3" component="h2" sx={{ px: 2, pt: 2 }}>
            {formatPhone(group.canonicalPhone)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
            {t('admin.phoneDuplicates.found', {
              count: group.accounts.length,
              date: format.format(new Date(group.foundAt)),
            })}
          </Typography>
          <List>
            {group.accounts.map((account) => (
              <ListItem key={account.id} divider>
                <ListItemText
                  primary={`${account.name} ${account.lastName} · ${account.email}`}
                  secondary={t('admin.phoneDuplicates.account', {
                    id: account.id,
                    phone: account.phone,
                    clubs: account.clubs,
                    date: format.format(new Date(account.createdAt)),
                  })}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      ))}
    </Stack>
  );
};
