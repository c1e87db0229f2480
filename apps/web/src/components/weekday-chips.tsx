import { WEEKDAYS, weekdayName } from '@carta/contract/weekdays';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/**
 * The days of the week as chips to switch on and off, short names with the full one for screen readers,
 * and one more chip for the whole week (all on, or all off when they already are). `days` stay in order.
 */
export const WeekdayChips = ({
  days,
  onChange,
  wholeWeekLabel,
  groupLabel,
}: {
  days: number[];
  onChange: (days: number[]) => void;
  wholeWeekLabel: string;
  /** What names the group: its own words, or the id of a label beside it. */
  groupLabel: { 'aria-label': string } | { 'aria-labelledby': string };
}) => {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const isWholeWeek = days.length === WEEKDAYS.length;
  return (
    <Stack direction="row" role="group" {...groupLabel} sx={{ flexWrap: 'wrap', gap: 1 }}>
      {WEEKDAYS.map((day) => {
        const isOn = days.includes(day);
        return (
          <Chip
            key={day}
            label={weekdayName(day, { language, width: 'short' })}
            aria-label={weekdayName(day, { language })}
            aria-pressed={isOn}
            color={isOn ? 'primary' : 'default'}
            variant={isOn ? 'filled' : 'outlined'}
            onClick={() => onChange(isOn ? days.filter((each) => each !== day) : [...days, day].sort())}
            sx={{ minWidth: 52 }}
          />
        );
      })}
      <Chip
        label={wholeWeekLabel}
        aria-pressed={isWholeWeek}
        color={isWholeWeek ? 'secondary' : 'default'}
        variant={isWholeWeek ? 'filled' : 'outlined'}
        onClick={() => onChange(isWholeWeek ? [] : WEEKDAYS)}
      />
    </Stack>
  );
};
