import { THEME } from '@carta/contract/limits';
import { createTheme } from '@mui/material/styles';

const wine = { main: '#7a1f3d', light: '#a14a66', dark: '#55102a', contrastText: '#ffffff' };
const ink = '#241a1e';

// Radius 8, light, left to right (docs/product.md, Owner app). A deep wine on warm paper: it reads as a restaurant's
// menu card rather than as a dashboard.
export const theme = createTheme({
  direction: THEME.direction,
  shape: { borderRadius: THEME.borderRadius },
  palette: {
    mode: THEME.mode,
    primary: wine,
    secondary: { main: '#2f6b66', contrastText: '#ffffff' },
    // MUI's default orange and light blue read at about 3:1 as text on white, and white on them: these
    // darker ones pass WCAG AA (4.5:1) both as text on the page and behind white text (chips, buttons).
    warning: { main: '#a84b00', contrastText: '#ffffff' },
    info: { main: '#0369a1', contrastText: '#ffffff' },
    success: { main: '#1b6e20', contrastText: '#ffffff' },
    error: { main: '#c62828', contrastText: '#ffffff' },
    background: { default: '#f7f3ef', paper: '#ffffff' },
    text: { primary: ink, secondary: '#5f5357' },
    divider: 'rgba(36, 26, 30, 0.1)',
  },
  typography: {
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Liberation Sans", Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 650, lineHeight: 1.25, letterSpacing: '-0.01em' },
    h2: { fontSize: '1.375rem', fontWeight: 650, lineHeight: 1.3 },
    h3: { fontSize: '1.125rem', fontWeight: 600, lineHeight: 1.35 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { sizeLarge: { paddingBlock: 10 } },
    },
    MuiPaper: {
      styleOverrides: {
        rounded: { borderRadius: THEME.borderRadius * 2 },
        elevation1: {
          boxShadow: '0 1px 2px rgba(36, 26, 30, 0.05), 0 12px 32px rgba(85, 16, 42, 0.08)',
        },
      },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
      styleOverrides: {
        root: { backgroundColor: '#ffffff', borderBottom: '1px solid rgba(36, 26, 30, 0.1)' },
      },
    },
    // Always underlined: a link inside a sentence must not be told apart by its colour alone (WCAG 1.4.1).
    MuiLink: { defaultProps: { underline: 'always' } },
    // A badge hidden at zero is only shrunk by MUI, its last number still in the page: hidden for real,
    // so it is not read as text of the button it sits on, whose name no longer counts it (WCAG 2.5.3).
    MuiBadge: { styleOverrides: { invisible: { visibility: 'hidden' } } },
    MuiToggleButton: {
      styleOverrides: {
        root: { textTransform: 'none', fontWeight: 600, paddingBlock: 4, paddingInline: 10 },
      },
    },
  },
});
