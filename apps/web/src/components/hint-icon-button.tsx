import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import type { SxProps, Theme } from '@mui/material/styles';

type HintIconButtonProps = Omit<IconButtonProps, 'aria-label'> & {
  /** The button's name, read by screen readers and shown beneath it on hover and keyboard focus. */
  hint: string;
  /** `end` for a button at the right edge of the screen, so its hint stays on screen. */
  hintAlign?: 'center' | 'end';
};

const hintSx = (align: 'center' | 'end'): SxProps<Theme> => ({
  position: 'relative',
  '&::after': {
    content: 'attr(data-hint)',
    position: 'absolute',
    top: 'calc(100% + 4px)',
    ...(align === 'end' ? { right: 0 } : { left: '50%', transform: 'translateX(-50%)' }),
    px: 1,
    py: 0.5,
    borderRadius: 1,
    bgcolor: 'rgba(97, 97, 97, 0.92)',
    color: 'common.white',
    fontSize: '0.6875rem',
    fontWeight: 500,
    lineHeight: 1.4,
    whiteSpace: 'nowrap',
    pointerEvents: 'none',
    opacity: 0,
    transition: 'opacity 150ms',
    zIndex: 'tooltip',
  },
  '@media (hover: hover)': { '&:hover::after': { opacity: 1, transitionDelay: '100ms' } },
  '&.Mui-focusVisible::after': { opacity: 1 },
});

/**
 * An icon button that names itself, as MUI's Tooltip would, with CSS alone: the Tooltip (and Popper under
 * it, some 11 KB compressed) would weigh on every club screen's first load for the top bar's icons.
 */
export const HintIconButton = ({ hint, hintAlign = 'center', sx, ...props }: HintIconButtonProps) => (
  <IconButton
    aria-label={hint}
    data-hint={hint}
    {...props}
    sx={[hintSx(hintAlign), ...(Array.isArray(sx) ? sx : [sx])]}
  />
);
