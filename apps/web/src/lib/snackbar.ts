import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';

// Toasts come from notistack, which the first paint never needs: the app's host (app/snackbar-provider.tsx)
// loads it once the page is up, or as soon as something asks for a toast. Until it is in, toasts wait here
// and show the moment it mounts; the app calls these instead of notistack's own functions.

type Notistack = {
  enqueueSnackbar: (message: SnackbarMessage, options?: OptionsObject) => SnackbarKey;
  closeSnackbar: (key?: SnackbarKey) => void;
};

let notistack: Notistack | undefined;
/** Toasts asked for before notistack was in, under the stand-in keys their callers hold. */
let waiting: { key: string; message: SnackbarMessage; options: OptionsObject | undefined }[] = [];
/** A waiting toast's stand-in key, once shown, to the key notistack gave it. */
const shownKeys = new Map<SnackbarKey, SnackbarKey>();
let demand: (() => void) | undefined;
let nextKey = 0;

/** The host calls this once notistack's provider is mounted: the waiting toasts show now, in order. */
export const connectSnackbars = (api: Notistack) => {
  notistack = api;
  for (const { key, message, options } of waiting) shownKeys.set(key, api.enqueueSnackbar(message, options));
  waiting = [];
};

/** The host listens here to load notistack early when a toast is asked for before the page is idle. */
export const onSnackbarDemand = (listener: () => void) => {
  demand = listener;
};

/** Shows a toast (notistack's `enqueueSnackbar`); the key it returns closes it, even before it shows. */
export const enqueueSnackbar = (message: SnackbarMessage, options?: OptionsObject): SnackbarKey => {
  if (notistack) return notistack.enqueueSnackbar(message, options);
  // Not notistack's own `key` option: with one, notistack's preventDuplicate compares keys, not messages.
  const key = `waiting-toast-${++nextKey}`;
  waiting.push({ key, message, options });
  demand?.();
  return key;
};

/** Closes a toast by its key, or every toast without one (notistack's `closeSnackbar`). */
export const closeSnackbar = (key?: SnackbarKey) => {
  if (key === undefined) waiting = [];
  else waiting = waiting.filter((toast) => toast.key !== key);
  const shownKey = key === undefined ? undefined : (shownKeys.get(key) ?? key);
  notistack?.closeSnackbar(shownKey);
};

const snackbar = { enqueueSnackbar, closeSnackbar };

/** notistack's `useSnackbar`, for screens: the same two functions. */
export const useSnackbar = () => snackbar;

export type { SnackbarKey } from 'notistack';
