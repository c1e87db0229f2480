import type { WaiterCall } from '@carta/contract/waiter-calls';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HintIconButton } from '../../components/hint-icon-button.tsx';
import { LazyPopover } from '../../components/lazy-overlays.tsx';
import { currentLanguage } from '../../lib/i18n.ts';
import { closeSnackbar, enqueueSnackbar, type SnackbarKey } from '../../lib/snackbar.ts';
import { useAnswerWaiterCall, useWaiterCallStream } from './use-waiter-calls.ts';

/** A short two-note chime; browsers allow it once the owner has used the page, and it is skipped otherwise. */
const chime = () => {
  try {
    const audio = new AudioContext();
    for (const [index, frequency] of [880, 1175].entries()) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      const start = audio.currentTime + index * 0.18;
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.25, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.35);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start);
      oscillator.stop(start + 0.4);
    }
    setTimeout(() => void audio.close(), 1000);
  } catch {
    // No sound: the badge and the message still show.
  }
};

// A table named by a number reads "Table 7", as on the guest's page; others keep their own name.
const tableOf = (t: TFunction, call: WaiterCall) =>
  /^\d+$/.test(call.tableName) ? t('waiterCalls.table', { name: call.tableName }) : call.tableName;
const placeOf = (t: TFunction, call: WaiterCall) =>
  [tableOf(t, call), call.zoneName].filter(Boolean).join(' · ');

// Made when the list first shows a time, once per language: building one costs a phone several
// milliseconds, which every render of the top bar paid before.
const relativeTimes = new Map<string, Intl.RelativeTimeFormat>();
const relativeTime = (language: string) => {
  let format = relativeTimes.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    relativeTimes.set(language, format);
  }
  return format;
};

const useNow = (everyMs: number) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
};

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
  const now = useNow(15_000);
  const waiting = calls.filter((call) => call.status === 'open');
  const seen = useRef<Set<number> | null>(null);
  const toasts = useRef(new Map<number, SnackbarKey>());

  // A call not seen before: say so once, with a way to answer it from the message itself.
  useEffect(() => {
    if (!received) return;
    const calls = received;
    const known = seen.current;
    seen.current = new Set(calls.map((call) => call.id));
    for (const [callId, key] of toasts.current) {
      if (!calls.some((call) => call.id === callId && call.status === 'open')) {
        closeSnackbar(key);
        toasts.current.delete(callId);
      }
    }
    // The first list is what was already waiting when the app opened: no alarm for it.
    if (known === null) return;
    const arrived = calls.filter((call) => call.status === 'open' && !known.has(call.id));
    if (arrived.length === 0) return;
    chime();
    for (const call of arrived) {
      const key = enqueueSnackbar(t('waiterCalls.arrived', { place: placeOf(t, call) }), {
        variant: 'warning',
        persist: true,
        action: (snackbarKey) => (
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              answerCall({ callId: call.id, action: 'acknowledge' });
              closeSnackbar(snackbarKey);
            }}
          >
            {t('waiterCalls.acknowledge')}
          </Button>
        ),
      });
      toasts.current.set(call.id, key);
    }
  }, [received, t, answerCall]);

  useEffect(
    () => () => {
      for (const key of toasts.current.values()) closeSnackbar(key);
    },
    [],
  );

  // The tab's title counts the calls waiting, so a glance at the browser's tabs is enough.
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, '');
    document.title = waiting.length > 0 ? `(${waiting.length}) ${base}` : base;
  }, [waiting.length]);

  const minutesAgo = (iso: string) => {
    const minutes = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60_000));
    return relativeTime(currentLanguage()).format(-minutes, 'minute');
  };

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
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', justifyContent: 'space-between' }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 700 }} noWrap>
                      {tableOf(t, call)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {[call.zoneName, minutesAgo(call.createdAt)].filter(Boolean).join(' · ')}
                    </Typography>
                  </Box>
                  <Chip
                    size="small"
                    color={call.status === 'open' ? 'warning' : 'success'}
                    label={t(call.status === 'open' ? 'waiterCalls.waiting' : 'waiterCalls.onTheWay')}
                  />
                </Stack>
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
