import { THEME } from '@carta/contract/limits';
import { createTheme } from '@mui/material/styles';

const wine = { main: '#7a1f3d', light: '#a14a66', dark: '#55102a', contrastText: '#ffffff' };
const ink = '#241a1e';

// Spec §9: radius 8, light, left to right. A deep wine on warm paper: it reads as a restaurant's
// menu card rather than as a dashboard.
export const theme = createTheme({
  direction: THEME.direction,
  shape: { borderRadius: THEME.borderRadius },
  palette: {
    mode: THEME.mode,
    primary: wine,
    secondary: { main: '#2f6b66', contrastText: '#ffffff' },
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
    MuiLink: { defaultProps: { underline: 'hover' } },
    MuiToggleButton: {
      styleOverrides: {
        root: { textTransform: 'none', fontWeight: 600, paddingBlock: 4, paddingInline: 10 },
      },
    },
  },
});
