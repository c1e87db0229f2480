import { menusAvailableAt } from '@carta/contract/availability';
import type { ClubView } from './guest-reads.ts';

// When a table with no menu now, or a menu not served now, is next open: what the closed page tells guests.

/** The next moment (weekday and time, club's wall clock) a menu opens for a zone, within a week. */
export const nextOpening = (
  menus: ClubView['scheduled'],
  menuId: number | null,
  tableZone: number | null,
  from: { day: number; minutes: number },
) => {
  for (let step = 1; step <= (7 * 24 * 60) / 15; step += 1) {
    const total = (from.day - 1) * 1440 + from.minutes + step * 15;
    const moment = {
      day: (Math.floor(total / 1440) % 7) + 1,
      minutes: (total % 1440) - ((total % 1440) % 15),
    };
    const open = menusAvailableAt(menus, tableZone, moment);
    if (menuId === null ? open.length > 0 : open.some((menu) => menu.id === menuId)) {
      const hours = String(Math.floor(moment.minutes / 60)).padStart(2, '0');
      const minutes = String(moment.minutes % 60).padStart(2, '0');
      return { day: moment.day, time: `${hours}:${minutes}` };
    }
  }
  return null;
};
