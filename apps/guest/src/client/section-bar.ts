// The section bar follows the scroll.

const tabs = new Map(
  [...document.querySelectorAll<HTMLAnchorElement>('.tabs a')].map((link) => [link.hash.slice(1), link]),
);
if (tabs.size > 0 && 'IntersectionObserver' in window) {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        for (const link of tabs.values()) link.classList.remove('on');
        const link = tabs.get(entry.target.id);
        link?.classList.add('on');
        link?.scrollIntoView({ block: 'nearest', inline: 'center' });
      }
    },
    { rootMargin: '-20% 0px -70% 0px' },
  );
  for (const section of document.querySelectorAll('.section')) observer.observe(section);
}
