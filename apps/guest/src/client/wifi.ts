import type { GuestWifi } from '@carta/contract/guest';

// The club's Wi-Fi (0087): a tap asks for the network and its password (never in the page) and shows
// them in the box the page carries, with a button that copies the password. Without <dialog> the link
// opens the Wi-Fi's own page.
const link = document.querySelector<HTMLAnchorElement>('a.wifi');
const box = document.querySelector<HTMLDialogElement>('.wifi-box');
if (link && box && 'HTMLDialogElement' in window) {
  const words = box.dataset;
  const part = (selector: string) => box.querySelector<HTMLElement>(selector);
  const note = part('.wifi-note');
  const copy = part('.wifi-copy');
  const say = (text: string | undefined) => {
    if (note) note.textContent = text ?? '';
  };
  part('.wifi-close')?.addEventListener('click', () => box.close());
  box.addEventListener('click', (event) => {
    if (event.target === box) box.close();
  });
  box.addEventListener('close', () => link.focus());
  copy?.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(part('.wifi-pass')?.textContent ?? '');
      say(words.copied);
    } catch {
      // No clipboard here: the password is selected whole on a tap, to copy by hand.
    }
  });
  link.addEventListener('click', async (event) => {
    event.preventDefault();
    say('');
    let wifi: GuestWifi | null = null;
    try {
      const response = await fetch(link.dataset.call ?? '', { cache: 'no-store' });
      if (response.ok) wifi = (await response.json()) as GuestWifi;
    } catch {
      // No signal: said below.
    }
    const list = box.querySelector('dl');
    if (list) list.hidden = !wifi;
    const name = part('.wifi-name');
    if (name) name.textContent = wifi?.name ?? '';
    const password = wifi?.password ?? '';
    for (const element of box.querySelectorAll<HTMLElement>('.wifi-pw')) element.hidden = !password;
    const shown = part('.wifi-pass');
    if (shown) shown.textContent = password;
    if (copy) copy.hidden = !password;
    if (!wifi) say(words.failed);
    else if (!password) say(words.open);
    box.showModal();
    (copy && !copy.hidden ? copy : part('.wifi-close'))?.focus();
  });
}
