import type { TimePriceUntil } from '@carta/contract/guest-time-price';
import { weekdayName } from '@carta/contract/weekdays';
import type { TFunction } from 'i18next';

// Words of prices by time the owner app uses in more than one place (its screen and the schedules'
// "who sees what"): a time of day and until when a price holds, in the language passed in.

const formats = new Map<string, Intl.DateTimeFormat>();

/** 24-hour "18:00" in Italian, "6:00 PM" in English, as the schedules write them. */
export const formatTime = (time: string, language: string) => {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      hour: language === 'en' ? 'numeric' : '2-digit',
      minute: '2-digit',
      hourCycle: language === 'en' ? 'h12' : 'h23',
      timeZone: 'UTC',
    });
    formats.set(language, format);
  }
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return format.format(new Date(Date.UTC(2024, 0, 1, hours, minutes)));
};

/** Until when a price in force holds, as the guest page says it: "Aperitivo fino alle 20:00". */
export const untilText = (label: string, until: TimePriceUntil | null, t: TFunction, language: string) => {
  if (!until) return label;
  if (until.kind === 'midnight') return t('timePrices.untilMidnight', { label });
  if (until.kind === 'day')
    return t('timePrices.untilDay', { label, day: weekdayName(until.day, { language }) });
  return t('timePrices.until', { label, time: formatTime(until.time, language) });
};
