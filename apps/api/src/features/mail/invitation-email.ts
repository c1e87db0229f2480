import type { Language } from '@carta/contract/limits';
import { INVITATION_LIFETIME_DAYS, type MemberRole } from '@carta/contract/members';
import { compose } from './templates.ts';

// An owner's invitation to join a club (docs/product.md, Staff and roles), in the inviter's language: who
// invites, to which venue, with which role, and the link that signs up or logs in and accepts.

export type InvitationEmailDetails = {
  /** The owner who invites, "Giulia Rossi". */
  inviter: string;
  clubName: string;
  role: MemberRole;
  /** `${publicUrl}/invitations/<token>`. */
  link: string;
};

const ROLE_NAMES: Record<Language, Record<MemberRole, string>> = {
  it: { manager: 'responsabile', staff: 'staff' },
  en: { manager: 'manager', staff: 'staff' },
};

const WHAT_ROLE_DOES: Record<Language, Record<MemberRole, string>> = {
  it: {
    manager:
      'Come responsabile potrai gestire menu, tavoli, codici QR e impostazioni del locale; pagamenti e persone restano al titolare.',
    staff:
      'Come staff vedrai le chiamate dei tavoli e potrai rispondere, segnare i piatti esauriti e consultare menu e codici QR.',
  },
  en: {
    manager:
      "As a manager you will run the venue's menus, tables, QR codes and settings; payments and people stay with the owner.",
    staff:
      "As staff you will see and answer the tables' calls, mark dishes out of stock and read the menus and QR codes.",
  },
};

export const invitationEmail = (language: Language, to: string, details: InvitationEmailDetails) => {
  const { inviter, clubName, role, link } = details;
  const roleName = ROLE_NAMES[language][role];
  return language === 'en'
    ? compose(
        to,
        `${inviter} invites you to ${clubName} on Carta`,
        [
          'Hello,',
          `${inviter} invites you to join "${clubName}" on Carta as ${roleName}.`,
          WHAT_ROLE_DOES.en[role],
          `Open the link to accept: log in with your Carta account, or create one with your phone and an authenticator app. The invitation is valid for ${INVITATION_LIFETIME_DAYS} days.`,
          'If you were not expecting it, ignore this email: nothing happens.',
        ],
        { label: 'See the invitation', link },
      )
    : compose(
        to,
        `${inviter} ti invita in ${clubName} su Carta`,
        [
          'Ciao,',
          `${inviter} ti invita a unirti a "${clubName}" su Carta come ${roleName}.`,
          WHAT_ROLE_DOES.it[role],
          `Apri il link per accettare: accedi con il tuo account Carta o creane uno con il tuo telefono e un'app di autenticazione. L'invito è valido per ${INVITATION_LIFETIME_DAYS} giorni.`,
          'Se non te lo aspettavi, ignora questa email: non succede nulla.',
        ],
        { label: "Vedi l'invito", link },
      );
};
