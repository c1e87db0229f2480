import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HintIconButton } from '../../components/hint-icon-button.tsx';
import { LazyPopover } from '../../components/lazy-overlays.tsx';
import { useCallAlarms, useMinutesAgo } from './call-alarms.tsx';
import { CallHeading } from './call-heading.tsx';
import { useAnswerWaiterCall, useWaiterCallStream } from './use-waiter-calls.ts';

/**
 * Call waiter in the owner app: a bell in the top bar with the number of calls waiting, a message and a
 * chime when one arrives, and the list of calls where staff answer them ("on my way", "done").
 */
export const WaiterCallsBell = ({ clubId }: { clubId: string }) => {
  const { t } = useTranslation();
  const { calls: received, isLive } = useWaiterCallStream(clubId, true);
  const calls = received ?? [];
  const answer = useAnswerWaiterCall(clubId);
  const { mutate: answerCall } = answer;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const panelId = useId();
  const minutesAgo = useMinutesAgo();
  const waiting = calls.filter((call) => call.status === 'open');
  const acknowledge = useCallback(
    (callId: number) => answerCall({ callId, action: 'acknowledge' }),
    [answerCall],
  );
  useCallAlarms(received, acknowledge);

  const label = t('waiterCalls.bell', { count: waiting.length });
  return (
    <>
      <HintIconButton
        color="inherit"
        hint={label}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? panelId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={waiting.length} color="error">
          {waiting.length > 0 ? <NotificationsActiveOutlined /> : <NotificationsNoneOutlined />}
        </Badge>
      </HintIconButton>
      <LazyPopover
        id={panelId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': t('waiterCalls.title'),
            sx: { width: 360, maxWidth: 'calc(100vw - 16px)' },
          },
        }}
      >
        <Box sx={{ px: 2, pt: 2, pb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {t('waiterCalls.title')}
          </Typography>
          <Typography variant="body2" color={isLive ? 'success.main' : 'text.secondary'}>
            {isLive ? t('waiterCalls.live') : t('waiterCalls.connecting')}
          </Typography>
        </Box>
        {calls.length === 0 ? (
          <Typography sx={{ px: 2, pb: 2.5, pt: 1 }} color="text.secondary">
            {t('waiterCalls.empty')}
          </Typography>
        ) : (
          <List dense aria-label={t('waiterCalls.title')}>
            {calls.map((call) => (
              <ListItem key={call.id} divider sx={{ display: 'block', py: 1.25 }}>
                <CallHeading call={call} minutesAgo={minutesAgo} />
                <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
                  {call.status === 'open' && (
                    <Button
                      size="small"
                      variant="contained"
                      onClick={() => answer.mutate({ callId: call.id, action: 'acknowledge' })}
                    >
                      {t('waiterCalls.acknowledge')}
                    </Button>
                  )}
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => answer.mutate({ callId: call.id, action: 'close' })}
                  >
                    {t('waiterCalls.close')}
                  </Button>
                </Stack>
              </ListItem>
            ))}
          </List>
        )}
      </LazyPopover>
    </>
  );
};
