import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { AppErrorBoundary } from './app-error-boundary.tsx';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';
import { AppSnackbarProvider } from './snackbar-provider.tsx';
import { theme } from './theme.ts';

export const App = () => (
  <AppErrorBoundary>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <AppSnackbarProvider>
          <RouterProvider router={router} />
        </AppSnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  </AppErrorBoundary>
);
