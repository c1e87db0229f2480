import type { OwnedClubSummary } from '@carta/contract/clubs';
import type { MenuCopyNote } from '@carta/contract/menu-copy';
import type { TFunction } from 'i18next';
import { can } from '../../lib/club-roles.ts';

// Copying a menu to another of the account's clubs (docs/product.md, Menus; 0089): where it may go, and
// the server's notes in words.

/**
 * The clubs a menu of `clubId` may be copied to: none unless the account edits this club's menus, else its
 * other clubs where it does too (owner or manager), as the API checks both.
 */
export const copyTargetsOf = (clubs: OwnedClubSummary[] | undefined, clubId: string): OwnedClubSummary[] => {
  const all = clubs ?? [];
  const current = all.find((club) => String(club.id) === clubId);
  if (!current || !can(current.role, 'editMenus')) return [];
  return all.filter((club) => club !== current && can(club.role, 'editMenus'));
};

/** Names as a sentence lists them: "Terrazza o Giardino", "German and French". */
const listOf = (names: string[], language: string, type: 'conjunction' | 'disjunction') =>
  new Intl.ListFormat(language, { style: 'long', type }).format(names);

/**
 * A note of the copy's answer as the owner reads it, naming the target club. Languages come as codes and
 * are named in the reader's language (lower case inside an Italian sentence).
 */
export const copyNoteText = (t: TFunction, language: string, note: MenuCopyNote, club: string): string => {
  const names = note.values.names ?? [];
  const isLanguages = note.key === 'languagesNotOffered';
  const shown = isLanguages
    ? names.map((code) => {
        const name = t(`menuLanguages.${code}`);
        return language === 'it' ? name.toLocaleLowerCase('it') : name;
      })
    : names;
  return t(`menuCopy.notes.${note.key}`, {
    count: note.values.count ?? shown.length,
    list: listOf(shown, language, note.key === 'schedulesDropped' ? 'disjunction' : 'conjunction'),
    club,
  });
};
