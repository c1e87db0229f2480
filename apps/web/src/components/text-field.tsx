import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { TextFieldProps as MuiTextFieldProps } from '@mui/material/TextField';
import { type ClipboardEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type TextFieldProps = Omit<
  MuiTextFieldProps<'outlined'>,
  | 'select'
  | 'SelectProps'
  | 'variant'
  | 'slots'
  | 'InputProps'
  | 'inputProps'
  | 'InputLabelProps'
  | 'FormHelperTextProps'
> & {
  /**
   * The most characters the field takes: the input stops there and the helper line shows the one
   * character counter ("12/80", right-aligned) beside the help or the error.
   */
  characterLimit?: number;
};

type Editable = HTMLInputElement | HTMLTextAreaElement;

/** The help on the left, the counter on the right. */
const COUNTED_LINE = { display: 'flex', gap: 1.5, alignItems: 'flex-start' } as const;

// Only fields with a limit show it, and none of a first visit's (login, board) has one: kept out of their
// first load (it arrives with the form's screen, before anyone types).
const CharacterCounter = lazy(() =>
  import('./character-counter.tsx').then((module) => ({ default: module.CharacterCounter })),
);

/**
 * The limit a paste into this field went over, or null. The browser cuts a paste at `maxLength` without a
 * word, so the owner would not know the end of a pasted name is missing: the field says so until the next
 * keystroke. A paste the page handles itself (`preventDefault`, as the login's code field does) is left
 * alone.
 */
const usePasteCutNotice = () => {
  const [cutAt, setCutAt] = useState<number | null>(null);
  const isPasting = useRef(false);
  const onPaste = (event: ClipboardEvent<HTMLElement>) => {
    const field = event.target as Editable;
    const max = field.maxLength;
    if (!(max > 0) || typeof field.value !== 'string') return;
    const selected = (field.selectionEnd ?? 0) - (field.selectionStart ?? 0);
    const length = field.value.length - selected + event.clipboardData.getData('text').length;
    if (length <= max) return;
    isPasting.current = true;
    // After every handler of this paste has run: only then is a preventDefault known.
    setTimeout(() => {
      if (!event.nativeEvent.defaultPrevented) setCutAt(max);
    });
  };
  const onEdited = () => {
    if (isPasting.current) isPasting.current = false;
    else setCutAt(null);
  };
  return { cutAt, onPaste, onEdited };
};

/**
 * MUI's outlined TextField without its `select` mode, drawn from the same parts (FormControl, InputLabel,
 * OutlinedInput, FormHelperText) with the same classes, ids and ARIA links. MUI's own TextField imports
 * Select, and with it Menu, Popover and Modal: the login's first load would carry them for nothing.
 */
export const TextField = ({
  autoComplete,
  autoFocus = false,
  characterLimit,
  className,
  color = 'primary',
  defaultValue,
  disabled = false,
  error = false,
  fullWidth = false,
  helperText,
  id: idOverride,
  inputRef,
  label,
  maxRows,
  minRows,
  multiline = false,
  name,
  onBlur,
  onChange,
  onFocus,
  placeholder,
  required = false,
  rows,
  slotProps = {},
  type,
  value,
  ...other
}: TextFieldProps) => {
  const { t } = useTranslation();
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const pasteCut = usePasteCutNotice();
  const notice = pasteCut.cutAt === null ? null : t('common.pasteCut', { max: pasteCut.cutAt });
  const hasHelper = Boolean(helperText) || notice !== null || characterLimit !== undefined;
  const helperTextId = hasHelper ? `${id}-helper-text` : undefined;
  const inputLabelId = label ? `${id}-label` : undefined;
  const { input, inputLabel, htmlInput, formHelperText } = slotProps as {
    input?: object;
    inputLabel?: { shrink?: boolean };
    htmlInput?: { maxLength?: number };
    formHelperText?: object;
  };
  const length = typeof value === 'string' ? value.length : 0;
  const helpLine = (
    <>
      {notice && (
        <span role="status" style={{ display: 'block' }}>
          {notice}
        </span>
      )}
      {helperText}
    </>
  );
  return (
    <FormControl
      {...other}
      className={className ? `MuiTextField-root ${className}` : 'MuiTextField-root'}
      disabled={disabled}
      error={error}
      fullWidth={fullWidth}
      required={required}
      color={color}
      variant="outlined"
    >
      {label != null && label !== '' && (
        <InputLabel htmlFor={id} id={inputLabelId} {...inputLabel}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        aria-describedby={helperTextId}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        fullWidth={fullWidth}
        multiline={multiline}
        name={name}
        rows={rows}
        maxRows={maxRows}
        minRows={minRows}
        type={type}
        value={value}
        id={id}
        inputRef={inputRef}
        onBlur={onBlur}
        onChange={(event) => {
          pasteCut.onEdited();
          onChange?.(event);
        }}
        onPaste={pasteCut.onPaste}
        onFocus={onFocus}
        placeholder={placeholder}
        inputProps={characterLimit === undefined ? htmlInput : { maxLength: characterLimit, ...htmlInput }}
        label={label}
        {...(inputLabel?.shrink === undefined ? {} : { notched: inputLabel.shrink })}
        {...input}
      />
      {hasHelper && (
        <FormHelperText
          id={helperTextId}
          {...formHelperText}
          sx={characterLimit === undefined ? undefined : COUNTED_LINE}
        >
          {characterLimit === undefined ? (
            helpLine
          ) : (
            <>
              <span>{helpLine}</span>
              <Suspense fallback={null}>
                <CharacterCounter length={length} max={characterLimit} />
              </Suspense>
            </>
          )}
        </FormHelperText>
      )}
    </FormControl>
  );
};
