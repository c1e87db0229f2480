import type { WaiterCall } from '@carta/contract/waiter-calls';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { tableOf } from './call-alarms.tsx';

/**
 * A call's table, zone and age, and whether a waiter is on the way: the line the bell's list and the
 * staff's panel share. `isLarge` for the panel, read at arm's length.
 */
export const CallHeading = ({
  call,
  minutesAgo,
  isLarge = false,
}: {
  call: WaiterCall;
  minutesAgo: (createdAt: string) => string;
  isLarge?: boolean;
}) => {
  const { t } = useTranslation();
  const isOpen = call.status === 'open';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, ...(isLarge ? { fontSize: '1.1rem' } : {}) }} noWrap>
          {tableOf(t, call)}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {[call.zoneName, minutesAgo(call.createdAt)].filter(Boolean).join(' · ')}
        </Typography>
      </Box>
      <Chip
        size="small"
        color={isOpen ? 'warning' : 'success'}
        label={t(isOpen ? 'waiterCalls.waiting' : 'waiterCalls.onTheWay')}
      />
    </Stack>
  );
};
