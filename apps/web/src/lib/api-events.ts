// The HTTP client has to make the app navigate and show toasts, but the router and the toasts live in
// the app shell, which imports (through the screens) the client: the client emits events here and the
// shell listens, so nothing imports in a circle.

export type ApiEvent = { type: 'session-expired' } | { type: 'build-outdated'; serverBuild: string };

type ApiEventListener = (event: ApiEvent) => void;

const listeners = new Set<ApiEventListener>();

export const onApiEvent = (listener: ApiEventListener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const emitApiEvent = (event: ApiEvent): void => {
  for (const listener of listeners) listener(event);
};
