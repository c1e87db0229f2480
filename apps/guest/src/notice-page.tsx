import type { GuestLanguage } from './messages.ts';
import { guestMessages } from './messages.ts';

export type NoticeKind = 'notFound' | 'notReady';

export type NoticePageProps = { language: GuestLanguage; kind: NoticeKind; clubName?: string };

/** A guest page with one message: the table is unknown, or the venue has no menu to show yet. */
export const NoticePage = ({ language, kind, clubName }: NoticePageProps) => {
  const messages = guestMessages[language];
  const title = kind === 'notFound' ? messages.notFoundTitle : messages.notReadyTitle;
  const text = kind === 'notFound' ? messages.notFoundText : messages.notReadyText;
  return (
    <main className="notice">
      {clubName ? <p className="club">{clubName}</p> : null}
      <h1>{title}</h1>
      <p>{text}</p>
      <footer>{messages.poweredBy}</footer>
    </main>
  );
};
