import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type RefObject, useRef } from 'react';

/** The sticky save bar's least height (its text may take two lines on a phone). */
const SAVE_BAR_HEIGHT = 72;
/** On a wide screen the bar floats this far above the bottom. */
const SAVE_BAR_GAP = 16;
/** Phones have the app's navigation under the bar. */
const PHONE_NAVIGATION_HEIGHT = 56;
/** The room kept between the field being typed in and the bar above which it must stay. */
const FIELD_ROOM = 16;

/**
 * The field being typed in is never under the sticky save bar: the browser brings a focused field into
 * view, but not clear of a bar that sits over the page, so the page scrolls up by what the bar covers.
 */
export const useKeepClearOfBar = () => {
  const bar = useRef<HTMLDivElement>(null);
  const keepClearOfBar = (field: Element) => {
    const box = field.closest('.MuiTextField-root')?.getBoundingClientRect();
    const barTop = bar.current?.getBoundingClientRect().top;
    if (!box || barTop === undefined) return;
    const covered = box.bottom + FIELD_ROOM - barTop;
    if (covered > 0) window.scrollBy({ top: covered });
  };
  return { bar, keepClearOfBar };
};

type TranslationsSaveBarProps = {
  bar: RefObject<HTMLDivElement | null>;
  /** What is still missing in the language shown, counting unsaved edits. */
  status: string;
  saveLabel: string;
  isDirty: boolean;
  isSaving: boolean;
  onSave: () => void;
};

/** The bar that stays at the bottom while the owner translates: what is left to do, and the save button. */
export const TranslationsSaveBar = ({
  bar,
  status,
  saveLabel,
  isDirty,
  isSaving,
  onSave,
}: TranslationsSaveBarProps) => (
  <Paper
    ref={bar}
    variant="outlined"
    data-testid="translations-save-bar"
    sx={{
      position: 'sticky',
      bottom: {
        xs: `calc(${PHONE_NAVIGATION_HEIGHT}px + env(safe-area-inset-bottom))`,
        md: SAVE_BAR_GAP,
      },
      minHeight: SAVE_BAR_HEIGHT,
      px: 2,
      py: 1.5,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: 2,
      zIndex: 2,
      boxShadow: '0 -4px 16px rgba(36, 26, 30, 0.08)',
    }}
  >
    <Typography variant="body2" role="status" data-testid="translations-missing" sx={{ minWidth: 0 }}>
      {status}
    </Typography>
    <Button
      variant="contained"
      disabled={!isDirty}
      loading={isSaving}
      onClick={onSave}
      sx={{ flexShrink: 0 }}
    >
      {saveLabel}
    </Button>
  </Paper>
);
