import type { OwnedClubSummary } from '@carta/contract/clubs';
import type { ClubRole } from '@carta/contract/members';
import type { MenuCopyNote } from '@carta/contract/menu-copy';
import { describe, expect, it } from 'vitest';
import { copyNoteText, copyTargetsOf } from '../src/features/menus/menu-copy.ts';
import { translatorsBeforeAll } from './translators.ts';

const translators = translatorsBeforeAll();

const club = (id: number, role: ClubRole): OwnedClubSummary => ({
  id,
  name: `Locale ${id}`,
  brand: null,
  freeForever: false,
  subscriptionEnabled: false,
  subscriptionExpiration: null,
  message: null,
  state: 'active',
  role,
});

describe('copying a menu to another venue', () => {
  it("offers the account's other clubs where it edits menus: owned or managed, not staffed", () => {
    const clubs = [club(1, 'owner'), club(2, 'owner'), club(3, 'manager'), club(4, 'staff')];
    expect(copyTargetsOf(clubs, '1').map((target) => target.id)).toEqual([2, 3]);
    expect(copyTargetsOf([club(1, 'owner')], '1')).toEqual([]);
    // Staff of this club copy nothing, whatever else they own.
    expect(copyTargetsOf(clubs, '4')).toEqual([]);
    expect(copyTargetsOf(undefined, '1')).toEqual([]);
  });

  it('says each note in words, naming zones, languages and the target club', () => {
    const { it: italian, en: english } = translators;
    const dropped: MenuCopyNote = {
      key: 'schedulesDropped',
      values: { count: 3, names: ['Terrazza', 'Giardino'] },
    };
    expect(copyNoteText(italian, 'it', dropped, 'Bistrot')).toBe(
      "3 orari non copiati: in Bistrot non c'è una zona chiamata Terrazza o Giardino.",
    );
    expect(
      copyNoteText(
        english,
        'en',
        { key: 'schedulesDropped', values: { count: 1, names: ['Dehors'] } },
        'Bistrot',
      ),
    ).toBe('1 schedule not copied: Bistrot has no zone called Dehors.');
    const languages: MenuCopyNote = { key: 'languagesNotOffered', values: { names: ['de', 'fr'] } };
    expect(copyNoteText(italian, 'it', languages, 'Bistrot')).toBe(
      'Le traduzioni in tedesco e francese sono state copiate, ma Bistrot non le mostra: aggiungi le lingue nelle impostazioni del locale.',
    );
    expect(copyNoteText(english, 'en', languages, 'Bistrot')).toContain('into German and French');
    expect(
      copyNoteText(english, 'en', { key: 'themeNotShared', values: { names: ['Il nostro'] } }, 'Bistrot'),
    ).toBe(
      'The theme Il nostro belongs to the original venue only: the copy uses the default theme of Bistrot.',
    );
    for (const key of ['hiddenWithoutSchedules', 'bannerHidden', 'timePricesLeftOut'] as const)
      for (const t of [italian, english])
        expect(copyNoteText(t, 'it', { key, values: { count: 2 } }, 'Bistrot')).not.toContain('menuCopy');
  });
});
