import { WEEKDAYS } from '@carta/contract/weekdays';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { TimePricesInForce } from '../../components/time-prices-in-force.tsx';
import { usePreview } from './api/get-preview.ts';
import { useTables } from './api/get-tables.ts';
import { weekdayName } from './schedule-summary.ts';
import { TimeField } from './time-field.tsx';

/** Who sees what: a table, a day and a time, and the menus that table would have. */
export const PreviewPanel = ({ clubId }: { clubId: string }) => {
  const { t, i18n } = useTranslation();
  const tables = useTables(clubId);
  const [tableId, setTableId] = useState<number | null>(null);
  const [day, setDay] = useState(((new Date().getDay() + 6) % 7) + 1);
  const [time, setTime] = useState('13:00');
  const chosen = tableId ?? tables.data?.tables[0]?.id ?? null;
  const preview = usePreview(clubId, chosen, day, time);
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 } }}
      component="section"
      aria-labelledby="preview-title"
    >
      <Typography id="preview-title" variant="h3" component="h2" sx={{ mb: 0.5 }}>
        {t('schedulings.previewTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('schedulings.previewText')}
      </Typography>
      {tables.data?.tables.length === 0 ? (
        <Typography color="text.secondary">
          {t('schedulings.noTables')}{' '}
          <Link component={RouterLink} to={`/clubs/${clubId}/qrcode`}>
            {t('schedulings.addTables')}
          </Link>
        </Typography>
      ) : (
        <Stack spacing={2}>
          <TextField
            select
            label={t('schedulings.table')}
            value={chosen ?? ''}
            onChange={(event) => setTableId(Number(event.target.value))}
          >
            {(tables.data?.tables ?? []).map((table) => (
              <MenuItem key={table.id} value={table.id}>
                {table.name}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={2}>
            <TextField
              select
              label={t('schedulings.day')}
              value={day}
              onChange={(event) => setDay(Number(event.target.value))}
              sx={{ flex: 1, minWidth: 0 }}
            >
              {WEEKDAYS.map((option) => (
                <MenuItem key={option} value={option}>
                  {weekdayName(option, i18n.language, 'long')}
                </MenuItem>
              ))}
            </TextField>
            <TimeField
              label={t('schedulings.time')}
              value={time}
              onChange={setTime}
              sx={{ flex: 1, minWidth: 0 }}
            />
          </Stack>
          <List
            dense
            aria-live="polite"
            aria-label={t('schedulings.previewResult')}
            data-testid="preview-result"
          >
            {preview.data?.menus.length === 0 && (
              <ListItem>
                <ListItemText primary={t('schedulings.previewNone')} />
              </ListItem>
            )}
            {preview.data?.menus.map((menu) => (
              <ListItem key={menu.id} divider>
                <ListItemText primary={menu.name} />
              </ListItem>
            ))}
          </List>
          <TimePricesInForce
            clubId={clubId}
            day={day}
            time={time}
            menuIds={preview.data?.menus.map((menu) => menu.id) ?? []}
          />
        </Stack>
      )}
    </Paper>
  );
};
