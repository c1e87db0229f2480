import type { GuestWaiterCall } from '@carta/contract/waiter-calls';

// Call waiter: the form is sent in place, then the call is followed until staff close it.
const waiter = document.querySelector<HTMLDetailsElement>('.waiter');
if (waiter) {
  const words = waiter.dataset;
  const call = words.call ?? '';
  const label = waiter.querySelector<HTMLElement>('.waiter-label');
  const form = waiter.querySelector('form');
  const button = form?.querySelector('button');
  const status = waiter.querySelector<HTMLElement>('.waiter-status');
  // A call made from this table on this phone is followed again when the page is opened again.
  const CALL_KEY = `carta-call:${call}`;
  let polling: number | undefined;
  const remember = (open: boolean) => {
    try {
      if (open) sessionStorage.setItem(CALL_KEY, '1');
      else sessionStorage.removeItem(CALL_KEY);
    } catch {
      // Private mode: the call is followed while the page stays open.
    }
  };
  const show = (state: GuestWaiterCall) => {
    const open = state.status !== 'none';
    waiter.dataset.state = state.status;
    // The button's words and the panel's line for each state of the call.
    // (No destructuring here: esbuild cannot lower it for Safari 14, the oldest phones served.)
    const texts = {
      open: [words.notified, words.notifiedText],
      acknowledged: [words.onTheWay, words.onTheWayText],
      none: [words.idle, ''],
    }[state.status];
    if (label) label.textContent = texts[0] ?? '';
    if (form) form.hidden = open;
    if (status) status.textContent = texts[1] ?? '';
    remember(open);
    if (open && polling === undefined) polling = window.setInterval(follow, 5000);
    if (!open && polling !== undefined) {
      clearInterval(polling);
      polling = undefined;
    }
  };
  const follow = async () => {
    if (document.hidden) return;
    try {
      const response = await fetch(call, { cache: 'no-store' });
      if (response.ok) show((await response.json()) as GuestWaiterCall);
    } catch {
      // No signal: the next turn tries again.
    }
  };
  form?.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (button) button.disabled = true;
    try {
      const response = await fetch(call, { method: 'POST' });
      if (response.ok) {
        show((await response.json()) as GuestWaiterCall);
        waiter.open = false;
      } else if (status) status.textContent = (response.status === 429 ? words.tooSoon : words.failed) ?? '';
    } catch {
      if (status) status.textContent = words.failed ?? '';
    } finally {
      if (button) button.disabled = false;
    }
  });
  // Escape closes the confirmation and gives the focus back to the button.
  waiter.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !waiter.open) return;
    waiter.open = false;
    waiter.querySelector('summary')?.focus();
  });
  let called = false;
  try {
    called = sessionStorage.getItem(CALL_KEY) === '1';
  } catch {
    // Nothing remembered.
  }
  if (called) void follow();
}
