import { chrome } from './chrome.ts';
import { type Html, html, type Text } from './html.ts';
import type { GuestLanguage } from './messages.ts';
import { guestMessages } from './messages.ts';

export type NoticeKind =
  | 'notFound'
  | 'comingSoon'
  | 'disabled'
  | 'menuClosed'
  | 'unavailable'
  | 'waiterCalled'
  | 'waiterOnTheWay'
  | 'waiterTooSoon';

export type NoticePageProps = {
  language: GuestLanguage;
  kind: NoticeKind;
  clubName?: string | undefined;
  detail?: string | undefined;
  /** A way on: its address may depend on the table. */
  link?: { href: Text; label: string } | undefined;
};

/**
 * A guest page with one message: unknown table, a venue not open, a menu not served now, the menu out
 * of reach for a moment, a waiter called.
 */
export const noticePage = ({ language, kind, clubName, detail, link }: NoticePageProps): Html => {
  const messages = guestMessages[language];
  const words = chrome[language];
  const [title, text] = {
    notFound: [messages.notFoundTitle, messages.notFoundText],
    comingSoon: [words.comingSoonTitle, words.comingSoonText],
    disabled: [words.disabledTitle, words.disabledText],
    menuClosed: [words.menuClosedTitle, ''],
    unavailable: [messages.unavailableTitle, messages.unavailableText],
    waiterCalled: [words.staffNotified, words.staffNotifiedText],
    waiterOnTheWay: [words.onTheWay, words.onTheWayText],
    waiterTooSoon: [words.callWaiter, words.callTooSoon],
  }[kind];
  return html`<main class="notice">${clubName && html`<p class="club">${clubName}</p>`}<h1>${title}</h1>${text && html`<p>${text}</p>`}${detail && html`<p>${detail}</p>`}${link && html`<p><a href="${link.href}">${link.label}</a></p>`}<footer>${messages.poweredBy}</footer></main>`;
};
