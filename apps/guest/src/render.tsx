import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { GuestLanguage } from './messages.ts';
import { type NoticeKind, NoticePage } from './notice-page.tsx';

// Inlined: one round trip on a weak signal is all the page costs before it can be read.
const STYLES = `
*{box-sizing:border-box}html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#2b2220;background:#faf7f5}
.notice{max-width:32rem;margin:0 auto;padding:18vh 1.5rem 2rem;text-align:center}
.notice h1{font-size:1.5rem;margin:0 0 .75rem}.notice p{margin:0 0 1rem;color:#5b4f4b}
.notice .club{font-weight:600;letter-spacing:.02em;color:#7a2e3a;text-transform:uppercase;font-size:.85rem}
.notice footer{margin-top:3rem;font-size:.8rem;color:#9a8f8b}
`;

type Document = { language: GuestLanguage; title: string; body: ReactElement; script?: string };

const renderDocument = ({ language, title, body, script }: Document): string => {
  const html = renderToString(body);
  const scriptTag = script ? `<script type="module" src="${script}"></script>` : '';
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover"><meta name="theme-color" content="#faf7f5"><title>${escapeHtml(title)}</title><style>${STYLES}</style></head><body><div id="root">${html}</div>${scriptTag}</body></html>`;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export const renderNoticePage = (props: { language: GuestLanguage; kind: NoticeKind; clubName?: string }) =>
  renderDocument({
    language: props.language,
    title: props.clubName ?? 'Carta',
    body: <NoticePage {...props} />,
  });
