import { addTable, type ClubFields, guestGet, seedOwnerWithClub } from './fixtures.ts';
import { demoDinnerSections, type TestContext } from './helpers.ts';

// What the guest-page*.test.ts files share: a Smart club with a table and an English menu language, and
// the demo's dinner to show on it.

/** The demo's 80-dish dinner as one POST /menu body. */
export const demoDinner = () => ({
  name: 'Cena',
  adminDisplayName: 'nota segreta del titolare',
  footer: 'Coperto 2,50 €',
  sections: demoDinnerSections(),
});

/** Osteria Blu, Smart, its menus in Italian and English, with one table and `page` to open as a guest. */
export const guestPageSetUp =
  (context: TestContext) =>
  async (clubFields: ClubFields = {}) => {
    const { club, call } = await seedOwnerWithClub(context, {
      club: {
        name: 'Osteria Blu',
        freeForever: true,
        translationsEnabled: true,
        menuLanguages: ['en'],
        displayPhone: '+39 02 123456',
        instagram: 'https://instagram.com/osteriablu',
        ...clubFields,
      },
    });
    const table = await addTable(call);
    const page = (path: string, language?: string) => guestGet(context.app, path, language);
    return { club, call, table, page };
  };
