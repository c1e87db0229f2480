/**
 * Runs `task` once the browser has nothing better to do (at the latest after `timeout` ms), for work the
 * first paint does not need; Safari has no requestIdleCallback and waits a second instead. Returns a
 * function that cancels it.
 */
export const whenIdle = (task: () => void, timeout = 2000): (() => void) => {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 1000);
  return () => clearTimeout(handle);
};
