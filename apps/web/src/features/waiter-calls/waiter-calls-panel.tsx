import NotificationsOffOutlined from '@mui/icons-material/NotificationsOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useClub } from '../../api/get-club.ts';
import { useCallAlarms, useMinutesAgo } from './call-alarms.tsx';
import { CallHeading } from './call-heading.tsx';
import { useAnswerWaiterCall, useWaiterCallStream } from './use-waiter-calls.ts';

const Frame = ({ children, status }: { children: React.ReactNode; status?: React.ReactNode }) => {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="calls-title" sx={{ overflow: 'hidden' }}>
      <Stack spacing={0.25} sx={{ px: { xs: 1.5, sm: 2 }, pt: { xs: 1.5, sm: 2 }, pb: 1 }}>
        <Typography id="calls-title" variant="h2">
          {t('waiterCalls.title')}
        </Typography>
        {status}
      </Stack>
      {children}
    </Paper>
  );
};

/** The open calls, live, with big buttons to answer them: the bell's list, for a phone in the hand. */
const LiveCalls = ({ clubId }: { clubId: string }) => {
  const { t } = useTranslation();
  const { calls: received, isLive } = useWaiterCallStream(clubId, true);
  const answer = useAnswerWaiterCall(clubId);
  const { mutate: answerCall } = answer;
  const minutesAgo = useMinutesAgo();
  const acknowledge = useCallback(
    (callId: number) => answerCall({ callId, action: 'acknowledge' }),
    [answerCall],
  );
  useCallAlarms(received, acknowledge);
  const calls = received ?? [];

  return (
    <Frame
      status={
        <Typography variant="body2" color={isLive ? 'success.main' : 'text.secondary'} role="status">
          {isLive ? t('waiterCalls.live') : t('waiterCalls.connecting')}
        </Typography>
      }
    >
      {calls.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: { xs: 1.5, sm: 2 }, pb: 2 }}>
          {t('waiterCalls.empty')}
        </Typography>
      ) : (
        <Box component="ul" aria-label={t('waiterCalls.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {calls.map((call) => {
            const isOpen = call.status === 'open';
            return (
              <Box
                component="li"
                key={call.id}
                data-testid="waiter-call"
                sx={{
                  px: { xs: 1.5, sm: 2 },
                  py: 1.25,
                  borderTop: 1,
                  borderColor: 'divider',
                  bgcolor: isOpen ? 'rgba(168, 75, 0, 0.08)' : undefined,
                }}
              >
                <CallHeading call={call} minutesAgo={minutesAgo} isLarge />
                <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                  {isOpen && (
                    <Button
                      variant="contained"
                      size="large"
                      sx={{ flex: 1 }}
                      onClick={() => answer.mutate({ callId: call.id, action: 'acknowledge' })}
                    >
                      {t('waiterCalls.acknowledge')}
                    </Button>
                  )}
                  <Button
                    variant="outlined"
                    size="large"
                    sx={{ flex: 1 }}
                    onClick={() => answer.mutate({ callId: call.id, action: 'close' })}
                  >
                    {t('waiterCalls.close')}
                  </Button>
                </Stack>
              </Box>
            );
          })}
        </Box>
      )}
    </Frame>
  );
};

/**
 * The calls part of the calls and stock screen (docs/product.md, Staff and roles): live while guests may
 * call, otherwise a word on where the switch is.
 */
export const WaiterCallsPanel = ({ clubId }: { clubId: string }) => {
  const { t } = useTranslation();
  const { data: club } = useClub(clubId);
  if (!club) return null;
  if (!club.callWaiterEnabled)
    return (
      <Frame>
        <Stack direction="row" spacing={1.5} sx={{ px: { xs: 1.5, sm: 2 }, pb: 2, alignItems: 'center' }}>
          <NotificationsOffOutlined color="action" aria-hidden />
          <Typography color="text.secondary">{t('roles.callsOff')}</Typography>
        </Stack>
      </Frame>
    );
  // Keyed by club: switching clubs starts afresh (no alarm for the other club's waiting calls).
  return <LiveCalls key={clubId} clubId={clubId} />;
};
