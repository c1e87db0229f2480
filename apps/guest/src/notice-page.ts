import { chrome } from './chrome.ts';
import type { GuestLanguage } from './messages.ts';
import { guestMessages } from './messages.ts';

export type NoticeKind =
  | 'notFound'
  | 'comingSoon'
  | 'disabled'
  | 'menuClosed'
  | 'waiterCalled'
  | 'waiterOnTheWay'
  | 'waiterTooSoon';

export type NoticePageProps = {
  language: GuestLanguage;
  kind: NoticeKind;
  clubName?: string;
  detail?: string;
  link?: { href: string; label: string };
};

/** A guest page with one message: unknown table, a venue not open, a menu not served now, a waiter called. */
export const NoticePage = ({ language, kind, clubName, detail, link }: NoticePageProps) => {
  const messages = guestMessages[language];
  const words = chrome[language];
  const [title, text] = {
    notFound: [messages.notFoundTitle, messages.notFoundText],
    comingSoon: [words.comingSoonTitle, words.comingSoonText],
    disabled: [words.disabledTitle, words.disabledText],
    menuClosed: [words.menuClosedTitle, ''],
    waiterCalled: [words.staffNotified, words.staffNotifiedText],
    waiterOnTheWay: [words.onTheWay, words.onTheWayText],
    waiterTooSoon: [words.callWaiter, words.callTooSoon],
  }[kind];
  return (
    <main className="notice">
      {clubName ? <p className="club">{clubName}</p> : null}
      <h1>{title}</h1>
      {text && <p>{text}</p>}
      {detail && <p>{detail}</p>}
      {link && (
        <p>
          <a href={link.href}>{link.label}</a>
        </p>
      )}
      <footer>{messages.poweredBy}</footer>
    </main>
  );
};
