import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportCaughtError } from '../lib/error-reporting.ts';

type AppErrorBoundaryProps = { children: ReactNode };
type AppErrorBoundaryState = { hasError: boolean };

/**
 * The last line, for errors the router's errorElement cannot catch (the providers around it, or the
 * error element itself). It cannot trust the theme, the translations or the router, so it leaves with
 * a full page load to /login (docs/product.md, Owner app), and uses plain markup if it is already there.
 */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { hasError: false };

  static getDerivedStateFromError(): AppErrorBoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
    reportCaughtError(error);
    if (window.location.pathname !== '/login') window.location.replace('/login');
  }

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    return (
      <main style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '20vh 24px' }}>
        <h1 style={{ fontSize: 24 }}>Carta</h1>
        <p>
          <a href="/">Riprova · Try again</a>
        </p>
      </main>
    );
  }
}
