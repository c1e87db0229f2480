import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { onSnackbarDemand } from '../lib/snackbar.ts';
import { whenIdle } from '../lib/when-idle.ts';

let hostLoad: Promise<ComponentType> | undefined;
const loadHost = () => {
  hostLoad ??= import('./snackbar-host.tsx').then(({ SnackbarHost }) => SnackbarHost);
  return hostLoad;
};

/**
 * The toasts' host (snackbar-host.tsx, with notistack) loads after the first paint, when the browser is
 * idle, or at once when a toast is asked for earlier; it sits after the app, where notistack's provider
 * put its toasts anyway.
 */
export const AppSnackbarProvider = ({ children }: { children: ReactNode }) => {
  const [Host, setHost] = useState<ComponentType | null>(null);
  useEffect(() => {
    let isMounted = true;
    const load = () => {
      void loadHost().then(
        (component) => isMounted && setHost(() => component),
        // A chunk that fails to load leaves toasts waiting; the next demand tries again.
        () => {
          hostLoad = undefined;
        },
      );
    };
    onSnackbarDemand(load);
    const cancelIdle = whenIdle(load);
    return () => {
      isMounted = false;
      cancelIdle();
    };
  }, []);
  return (
    <>
      {children}
      {Host && <Host />}
    </>
  );
};
