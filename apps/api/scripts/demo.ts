// npm run demo: seeds a demo owner with an active club, an 80-dish menu, a cocktail list and a few tables, and prints
// how to log in. Running it again prints the same credentials.
import { phoneLookupKey } from '@carta/contract/phone-numbers';
import { eq } from 'drizzle-orm';
import {
  accounts,
  addresses,
  clubs,
  clubTables,
  itemTranslations,
  menuItems,
  menuSections,
  menus,
  sectionTranslations,
  subscriptions,
  tableZones,
} from '../src/db/schema.ts';
import { hashPassword } from '../src/features/accounts/passwords.ts';
import { generateTotp, newTotpSecret } from '../src/features/accounts/totp.ts';
import { FOREVER } from '../src/features/billing/subscription-store.ts';
import { firstOrThrow } from '../src/lib/db-errors.ts';
import { openForScript } from './cli.ts';
import { DEMO_DINNER } from './demo-menu.ts';
import { seedPlanClubs } from './demo-plans.ts';

// What the demo owner types after the login field's "+39"; stored as its lookup key (+392000000001): no
// Italian number starts with 2, so it is nobody's phone, and it logs in like the accounts made before
// canonical phones (0050).
const DEMO_PHONE = '2000000001';
const DEMO_PHONE_STORED = phoneLookupKey(DEMO_PHONE) ?? DEMO_PHONE;
const DEMO_PASSWORD = 'Demo$2026menu';

type SampleItem = {
  name: string;
  description?: string;
  price: number;
  allergens?: string[];
  bestSeller?: boolean;
  suggested?: boolean;
};
const SAMPLE_MENUS: {
  name: string;
  englishName: string;
  sections: { name: string; items: SampleItem[] }[];
}[] = [
  {
    name: 'Cocktail',
    englishName: 'Cocktails',
    sections: [
      {
        name: 'Classici',
        items: [
          { name: 'Negroni', description: 'Gin, vermouth rosso, bitter', price: 9, bestSeller: true },
          { name: 'Spritz', description: 'Prosecco, aperitivo, soda', price: 7, allergens: ['sulphites'] },
        ],
      },
    ],
  },
];

const { config, database, secretBox } = await openForScript();
const db = database.db;

// Found by its address: a folder seeded before the demo's number changed keeps its owner, renumbered.
const [existing] = await db.select().from(accounts).where(eq(accounts.email, 'demo@carta.local'));
if (existing && existing.phone !== DEMO_PHONE_STORED)
  await db.update(accounts).set({ phone: DEMO_PHONE_STORED }).where(eq(accounts.id, existing.id));
let secret: string;
let planClubs: { name: string; state: string }[] = [];
if (existing?.totpSecret) {
  secret = secretBox.open(existing.totpSecret);
} else {
  secret = newTotpSecret();
  const ownerId = await db.transaction(async (tx) => {
    const owner = firstOrThrow(
      await tx
        .insert(accounts)
        .values({
          name: 'Demo',
          lastName: 'Carta',
          email: 'demo@carta.local',
          phone: DEMO_PHONE_STORED,
          passwordHash: await hashPassword(DEMO_PASSWORD),
          totpSecret: secretBox.seal(secret),
          emailConfirmedAt: new Date(),
        })
        .returning(),
      'owner',
    );
    const address = firstOrThrow(
      await tx
        .insert(addresses)
        .values({
          line1: 'Via dei Mille 12',
          city: 'Milano',
          state: 'MI',
          postalCode: '20129',
          country: 'IT',
        })
        .returning(),
      'address',
    );
    const club = firstOrThrow(
      await tx
        .insert(clubs)
        .values({
          ownerId: owner.id,
          name: 'Osteria Demo',
          seats: 60,
          addressId: address.id,
          timeZone: 'Europe/Rome',
          companyName: 'Osteria Demo srl',
          vatNumber: 'IT00743110157',
          status: 'active',
          activatedAt: new Date(),
          displayEmail: 'ciao@osteriademo.it',
          displayPhone: '+39 02 1234567',
          website: 'https://osteriademo.it',
          menuLanguages: ['en'],
          translationsEnabled: true,
          callWaiterEnabled: true,
          freeForever: true,
        })
        .returning(),
      'club',
    );
    // Smart for ever, as the admin's early-adopter grant leaves a club.
    await tx.insert(subscriptions).values({
      clubId: club.id,
      kind: 'paid',
      currentPeriodEnd: new Date(),
      state: { status: 'earlyAdopter' },
      smartUntil: FOREVER,
    });
    const dinner = firstOrThrow(
      await tx
        .insert(menus)
        .values({
          clubId: club.id,
          name: 'Cena',
          nameTranslations: { en: 'Dinner' },
          adminDisplayName: 'Carta invernale',
          position: 0,
          footer: 'Coperto 2,50 €. Chiedi al personale per allergie e intolleranze.',
        })
        .returning(),
      'dinner',
    );
    for (const [sectionPosition, section] of DEMO_DINNER.entries()) {
      const row = firstOrThrow(
        await tx
          .insert(menuSections)
          .values({ menuId: dinner.id, name: section.name, position: sectionPosition })
          .returning(),
        'section',
      );
      await tx
        .insert(sectionTranslations)
        .values({ sectionId: row.id, language: 'en', translatedName: section.englishName });
      for (const [
        position,
        [name, englishName, description, englishDescription, price, allergens, flag],
      ] of section.dishes.entries()) {
        const item = firstOrThrow(
          await tx
            .insert(menuItems)
            .values({
              sectionId: row.id,
              position,
              name,
              description,
              price: typeof price === 'number' ? price : null,
              priceText: typeof price === 'string' ? price : null,
              allergens,
              bestSeller: flag === 'best',
              suggested: flag === 'suggested',
              outOfStock: flag === 'out',
              translateName: englishName !== null,
            })
            .returning(),
          'item',
        );
        await tx.insert(itemTranslations).values({
          itemId: item.id,
          language: 'en',
          translatedName: englishName,
          translatedDescription: englishDescription,
        });
      }
    }
    for (const [index, sample] of SAMPLE_MENUS.entries()) {
      const menu = firstOrThrow(
        await tx
          .insert(menus)
          .values({
            clubId: club.id,
            name: sample.name,
            nameTranslations: { en: sample.englishName },
            position: index + 1,
          })
          .returning(),
        'menu',
      );
      for (const [sectionPosition, section] of sample.sections.entries()) {
        const row = firstOrThrow(
          await tx
            .insert(menuSections)
            .values({ menuId: menu.id, name: section.name, position: sectionPosition })
            .returning(),
          'section',
        );
        await tx.insert(menuItems).values(
          section.items.map((item, position) => ({
            sectionId: row.id,
            position,
            name: item.name,
            description: item.description ?? null,
            price: item.price,
            allergens: item.allergens ?? [],
            bestSeller: item.bestSeller ?? false,
            suggested: item.suggested ?? false,
          })),
        );
      }
    }
    const terrace = firstOrThrow(
      await tx.insert(tableZones).values({ clubId: club.id, name: 'Terrazza' }).returning(),
      'terrace',
    );
    await tx.insert(clubTables).values(
      ['1', '2', '3', '4'].map((name) => ({
        clubId: club.id,
        name: `Tavolo ${name}`,
        tableZoneId: terrace.id,
      })),
    );
    return owner.id;
  });
  planClubs = await seedPlanClubs(db, config, ownerId);
}
await database.close();

console.log(`
Demo owner ready (club "Osteria Demo", active, early adopter: an 80-dish dinner menu in Italian and
English, a cocktail list and four tables)${
  planClubs.length > 0
    ? `, and one club on each plan state:\n${planClubs.map((club) => `  - ${club.name}: ${club.state}`).join('\n')}\n`
    : '.\n'
}  Phone:                ${DEMO_PHONE}   (after the +39 the login field shows)
  Password:             ${DEMO_PASSWORD}
  Authenticator secret: ${secret}
  Code right now:       ${generateTotp(secret)}   (npm run totp -- ${secret} prints a fresh one)
Start the product with npm start and log in at http://localhost:3000/login
`);
