import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '../../components/text-field.tsx';
import { formatTime, parseTime, timePlaceholder, usesTwelveHours } from './schedule-summary.ts';

type TimeFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  /** "HH:MM", 24-hour. */
  value: string;
  onChange: (value: string) => void;
};

/**
 * A time of day written as the interface language writes it (24-hour in Italian, "3:30 PM" in English).
 * Not `<input type="time">`: Chromium draws that in the browser's locale, so an Italian owner with an
 * English browser would see AM/PM. Typing is forgiving ("930", "21.30", "9pm"); every valid time reaches
 * the form at once, and leaving the field writes it out in full, or puts back the last valid one.
 */
export const TimeField = ({
  value,
  onChange,
  error,
  helperText,
  onBlur,
  slotProps,
  ...props
}: TimeFieldProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [shown, setShown] = useState({ value, language, text: formatTime(value, language) });
  // A new value from outside, or another language, rewrites the text unless it already says that time.
  if (shown.language !== language || (shown.value !== value && parseTime(shown.text) !== value)) {
    setShown({ value, language, text: formatTime(value, language) });
  }
  const isInvalid = parseTime(shown.text) === null;
  return (
    <TextField
      {...props}
      value={shown.text}
      onChange={(event) => {
        const text = event.target.value;
        const parsed = parseTime(text);
        setShown({ value: parsed ?? value, language, text });
        if (parsed !== null && parsed !== value) onChange(parsed);
      }}
      onBlur={(event) => {
        setShown({ value, language, text: formatTime(value, language) });
        onBlur?.(event);
      }}
      error={Boolean(error) || isInvalid}
      helperText={
        isInvalid ? t('schedulings.timeHelp', { example: formatTime('21:30', language) }) : helperText
      }
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true },
        htmlInput: {
          // Digits and a separator are all a 24-hour time needs; "PM" needs letters.
          inputMode: usesTwelveHours(language) ? 'text' : 'decimal',
          autoComplete: 'off',
          spellCheck: false,
          placeholder: timePlaceholder(language),
          size: 8,
        },
      }}
    />
  );
};
