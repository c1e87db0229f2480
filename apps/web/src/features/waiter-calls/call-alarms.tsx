import type { WaiterCall } from '@carta/contract/waiter-calls';
import Button from '@mui/material/Button';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n.ts';
import { closeSnackbar, enqueueSnackbar, type SnackbarKey } from '../../lib/snackbar.ts';

// What the bell in the top bar and the calls and stock screen share: how a call is named, how long ago it
// came, and the alarm when a new one arrives.

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
export const tableOf = (t: TFunction, call: WaiterCall) =>
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

/** "3 minutes ago" for a call's time, kept current every 15 seconds. */
export const useMinutesAgo = () => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return (iso: string) => {
    const minutes = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60_000));
    return relativeTime(currentLanguage()).format(-minutes, 'minute');
  };
};

/**
 * A call not seen before is said once, with a chime and a message to answer it from; the tab's title
 * counts the calls waiting. `received` is undefined until the first list, which raises no alarm: it is
 * what was already waiting when the app opened.
 */
export const useCallAlarms = (received: WaiterCall[] | undefined, acknowledge: (callId: number) => void) => {
  const { t } = useTranslation();
  const seen = useRef<Set<number> | null>(null);
  const toasts = useRef(new Map<number, SnackbarKey>());
  const waiting = (received ?? []).filter((call) => call.status === 'open').length;

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
              acknowledge(call.id);
              closeSnackbar(snackbarKey);
            }}
          >
            {t('waiterCalls.acknowledge')}
          </Button>
        ),
      });
      toasts.current.set(call.id, key);
    }
  }, [received, t, acknowledge]);

  useEffect(
    () => () => {
      for (const key of toasts.current.values()) closeSnackbar(key);
    },
    [],
  );

  // The tab's title counts the calls waiting, so a glance at the browser's tabs is enough.
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, '');
    document.title = waiting > 0 ? `(${waiting}) ${base}` : base;
  }, [waiting]);
};
