// Dishes' photos: a tap opens the larger one in a modal dialog (Escape, the button or a tap outside
// closes it, and the focus goes back to the thumbnail). Where <dialog> is missing the link opens the
// image itself. Listened on <main>, whose content the refresh replaces.
const list = document.querySelector<HTMLElement>('main');
if (list && 'HTMLDialogElement' in window) {
  let viewer: HTMLDialogElement | null = null;
  let opener: HTMLElement | null = null;
  const viewerOf = () => {
    if (viewer) return viewer;
    const dialog = document.createElement('dialog');
    dialog.className = 'photo';
    const image = document.createElement('img');
    image.alt = '';
    image.sizes = '(min-width: 34rem) 30rem, 92vw';
    const caption = document.createElement('p');
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = list.dataset.close ?? '×';
    close.addEventListener('click', () => dialog.close());
    dialog.append(image, caption, close);
    // A tap on the backdrop (the dialog's own box, outside its content) closes it.
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) dialog.close();
    });
    dialog.addEventListener('close', () => opener?.focus());
    document.body.append(dialog);
    viewer = dialog;
    return dialog;
  };
  list.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a.ph');
    const thumbnail = link?.querySelector('img');
    if (!link || !thumbnail) return;
    event.preventDefault();
    const dialog = viewerOf();
    const image = dialog.querySelector('img');
    const caption = dialog.querySelector('p');
    if (!image || !caption) return;
    // The thumbnail's own proportions hold the room of the larger image while it loads.
    if (thumbnail.naturalWidth > 0) {
      image.width = thumbnail.naturalWidth;
      image.height = thumbnail.naturalHeight;
    }
    image.srcset = thumbnail.srcset;
    image.src = link.href;
    const name = link.closest('.item')?.querySelector('h3')?.textContent ?? '';
    caption.textContent = name;
    dialog.setAttribute('aria-label', thumbnail.alt);
    opener = link;
    dialog.showModal();
    dialog.querySelector('button')?.focus();
  });
}
