import type { Language } from '@carta/contract/limits';
import type { MailMessage } from '../../lib/mailer.ts';

// Every email in Italian and English, plain text and HTML, built from one list of paragraphs.

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export const compose = (
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; link: string },
  closing = 'Carta',
): MailMessage => {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.link}`] : []), `— ${closing}`].join(
    '\n\n',
  );
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#faf7f5;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#2b2220">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:28px">
<p style="margin:0 0 20px;font-weight:700;letter-spacing:.04em;color:#7a2e3a">CARTA</p>
${paragraphs.map((paragraph) => `<p style="margin:0 0 14px;line-height:1.5">${escapeHtml(paragraph)}</p>`).join('\n')}
${action ? `<p style="margin:24px 0"><a href="${escapeHtml(action.link)}" style="background:#7a2e3a;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#7b6f6b;word-break:break-all">${escapeHtml(action.link)}</p>` : ''}
</div></body></html>`;
  return { to, subject, text, html, ...(action ? { link: action.link } : {}) };
};

export const accountActivationEmail = (language: Language, to: string, name: string, link: string) =>
  language === 'en'
    ? compose(
        to,
        'Confirm your Carta account',
        [
          `Hello ${name},`,
          'welcome to Carta! Confirm your email address to activate your account.',
          'The link works once.',
        ],
        { label: 'Activate my account', link },
      )
    : compose(
        to,
        'Conferma il tuo account Carta',
        [
          `Ciao ${name},`,
          'ti diamo il benvenuto su Carta! Conferma il tuo indirizzo email per attivare il tuo account.',
          'Il link funziona una sola volta.',
        ],
        { label: 'Attiva il mio account', link },
      );

export const passwordResetEmail = (language: Language, to: string, name: string, link: string) =>
  language === 'en'
    ? compose(
        to,
        'Reset your Carta password',
        [
          `Hello ${name},`,
          'someone (we hope you) asked to reset the password of your Carta account. The link is valid for 60 minutes and works once.',
          'If it was not you, ignore this email: your password stays as it is.',
        ],
        { label: 'Choose a new password', link },
      )
    : compose(
        to,
        'Reimposta la password di Carta',
        [
          `Ciao ${name},`,
          'qualcuno (speriamo tu) ha chiesto di reimpostare la password del tuo account Carta. Il link è valido per 60 minuti e funziona una sola volta.',
          'Se la richiesta non è partita da te, ignora questa email: la tua password resta invariata.',
        ],
        { label: 'Scegli una nuova password', link },
      );

export const clubActivationRequestEmail = (
  to: string,
  club: { name: string; city: string; owner: string },
  link: string,
) =>
  compose(
    to,
    `New club waiting for activation: ${club.name}`,
    [
      `${club.owner} created the club "${club.name}" in ${club.city}.`,
      'Check its details, then activate it on the page the button opens.',
    ],
    { label: 'Activate the club', link },
    'Carta operations',
  );

export const clubActivatedEmail = (
  language: Language,
  to: string,
  name: string,
  clubName: string,
  link: string,
) =>
  language === 'en'
    ? compose(
        to,
        `${clubName} is active on Carta`,
        [
          `Hello ${name},`,
          `your club "${clubName}" is now active: guests who scan your QR codes will see your menus.`,
        ],
        { label: 'Open Carta', link },
      )
    : compose(
        to,
        `${clubName} è attivo su Carta`,
        [
          `Ciao ${name},`,
          `il tuo locale "${clubName}" è ora attivo: i clienti che inquadrano i tuoi codici QR vedranno i tuoi menu.`,
        ],
        { label: 'Apri Carta', link },
      );

export const clubDisabledEmail = (
  language: Language,
  to: string,
  name: string,
  clubName: string,
  supportEmail: string,
) =>
  language === 'en'
    ? compose(to, `${clubName} has been disabled on Carta`, [
        `Hello ${name},`,
        `your club "${clubName}" has been disabled by the Carta team: guests who scan your QR codes see that the menu is not available.`,
        `Your menus and data are kept. To know why and to enable it again, write to ${supportEmail}.`,
      ])
    : compose(to, `${clubName} è stato disattivato su Carta`, [
        `Ciao ${name},`,
        `il tuo locale "${clubName}" è stato disattivato dal team di Carta: i clienti che inquadrano i tuoi codici QR vedono che il menu non è disponibile.`,
        `I tuoi menu e i tuoi dati restano salvati. Per sapere perché e per riattivarlo, scrivi a ${supportEmail}.`,
      ]);

/** A lost authenticator (0072): the link confirms the request came from the account's mailbox. */
export const authenticatorResetLinkEmail = (language: Language, to: string, name: string, link: string) =>
  language === 'en'
    ? compose(
        to,
        'Confirm your authenticator reset request',
        [
          `Hello ${name},`,
          'someone (we hope you) asked to reset the authenticator app of your Carta account. Open the link to confirm the request: then our support team checks it and lets you know. The link is valid for 60 minutes and works once.',
          'If it was not you, ignore this email and nothing changes; you may want to change your password.',
        ],
        { label: 'Confirm the request', link },
      )
    : compose(
        to,
        'Conferma la richiesta di reset dell’autenticatore',
        [
          `Ciao ${name},`,
          'qualcuno (speriamo tu) ha chiesto di azzerare l’app di autenticazione del tuo account Carta. Apri il link per confermare la richiesta: poi il nostro supporto la verifica e ti fa sapere. Il link è valido per 60 minuti e funziona una sola volta.',
          'Se la richiesta non è partita da te, ignora questa email: non cambia nulla. Ti consigliamo di cambiare la password.',
        ],
        { label: 'Conferma la richiesta', link },
      );

/** Tells support a confirmed reset request waits in the admin console. */
export const authenticatorResetWaitingEmail = (
  to: string,
  owner: { name: string; phone: string },
  link: string,
) =>
  compose(
    to,
    `Authenticator reset waiting for support: ${owner.name}`,
    [
      `${owner.name} (${owner.phone}) confirmed from the account's mailbox a request to reset their authenticator.`,
      'Check it as the support procedure says (docs/support-authenticator-reset.md), then approve or refuse it in the admin console.',
    ],
    { label: 'Open the requests', link },
  );

/** Support approved the reset: the next login sets up a new authenticator. */
export const authenticatorResetApprovedEmail = (
  language: Language,
  to: string,
  name: string,
  link: string,
) =>
  language === 'en'
    ? compose(
        to,
        'Your authenticator has been reset',
        [
          `Hello ${name},`,
          'our support team has approved your request: the old authenticator app no longer works for your Carta account, and every session has ended.',
          'Log in with your phone number and password, leaving the code empty: Carta shows you a new QR code to scan and asks for one code to check it.',
        ],
        { label: 'Log in', link },
      )
    : compose(
        to,
        'Il tuo autenticatore è stato azzerato',
        [
          `Ciao ${name},`,
          'il nostro supporto ha approvato la tua richiesta: la vecchia app di autenticazione non vale più per il tuo account Carta e tutte le sessioni sono state chiuse.',
          'Accedi con numero di telefono e password lasciando vuoto il codice: Carta ti mostra un nuovo codice QR da inquadrare e ti chiede un codice per verificarlo.',
        ],
        { label: 'Accedi', link },
      );

/** Support could not confirm the request was the owner's; their note, when they wrote one, is quoted. */
export const authenticatorResetRefusedEmail = (
  language: Language,
  to: string,
  name: string,
  note: string | null = null,
) =>
  language === 'en'
    ? compose(to, 'About your authenticator reset request', [
        `Hello ${name},`,
        'thank you for your request. We could not confirm that it came from you, so your authenticator app has not been reset and your account stays as it was.',
        ...(note ? [`Our support team adds: “${note}”`] : []),
        'If you still need help, reply to this email or write to us from the address of your account: we will gladly check again together.',
      ])
    : compose(to, 'La tua richiesta di reset dell’autenticatore', [
        `Ciao ${name},`,
        'grazie per la richiesta. Non siamo riusciti a confermare che sia partita da te, quindi la tua app di autenticazione non è stata azzerata e il tuo account resta com’era.',
        ...(note ? [`Il nostro supporto aggiunge: «${note}»`] : []),
        'Se hai ancora bisogno di aiuto, rispondi a questa email o scrivici dall’indirizzo del tuo account: saremo felici di verificare di nuovo insieme.',
      ]);
