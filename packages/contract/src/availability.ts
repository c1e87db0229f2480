// Which menus a table has at an instant (docs/product.md, Schedules): pure, so the API, the owner's preview
// and the tests agree. Times are evaluated in the club's IANA time zone, daylight saving included.

export type ScheduleRule = {
  days: number[];
  startTime: string | null;
  endTime: string | null;
  tableZone: number | null;
};
export type ScheduledMenu = { id: number; enabled: boolean; position: number; schedulings: ScheduleRule[] };
export type LocalMoment = { day: number; minutes: number };

const toMinutes = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** One formatter per time zone: making one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (timeZone: string) => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** The weekday (1 = Monday) and minutes since midnight of an instant on the wall clock of a time zone. */
export const localMoment = (instant: Date, timeZone: string): LocalMoment => {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    day: WEEKDAYS[parts.weekday ?? 'Mon'] ?? 1,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
};

const previousDay = (day: number) => (day === 1 ? 7 : day - 1);

/**
 * Whether a rule covers a moment: all day on its days; a range on its days; a range that ends before it
 * starts runs past midnight and belongs to the evening that starts it (Friday 22:00-02:00 covers
 * Saturday 01:00, not Friday 01:00).
 */
export const ruleCovers = (rule: ScheduleRule, { day, minutes }: LocalMoment): boolean => {
  if (rule.startTime === null || rule.endTime === null) return rule.days.includes(day);
  const start = toMinutes(rule.startTime);
  const end = toMinutes(rule.endTime);
  if (start < end) return rule.days.includes(day) && minutes >= start && minutes < end;
  return (
    (rule.days.includes(day) && minutes >= start) || (rule.days.includes(previousDay(day)) && minutes < end)
  );
};

/** The menus a table in `tableZone` has at a local moment, in position order. */
export const menusAvailableAt = <Menu extends ScheduledMenu>(
  menus: Menu[],
  tableZone: number | null,
  moment: LocalMoment,
): Menu[] =>
  menus
    .filter((menu) => menu.enabled)
    .filter(
      (menu) =>
        menu.schedulings.length === 0 ||
        menu.schedulings.some(
          (rule) => (rule.tableZone === null || rule.tableZone === tableZone) && ruleCovers(rule, moment),
        ),
    )
    .sort((left, right) => left.position - right.position);

/** The menus a table has at an instant: enabled ones with no schedule, or a schedule covering it for its zone. */
export const menusAvailable = <Menu extends ScheduledMenu>(
  club: { timeZone: string },
  table: { tableZoneId: number | null },
  menus: Menu[],
  instant: Date,
): Menu[] => menusAvailableAt(menus, table.tableZoneId, localMoment(instant, club.timeZone));
