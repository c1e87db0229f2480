// npm run demo: seeds a demo owner with an active club, two sample menus and a few tables, and prints
// how to log in. Running it again prints the same credentials.
import { eq } from 'drizzle-orm';
import {
  accounts,
  addresses,
  clubs,
  clubTables,
  menuItems,
  menuSections,
  menus,
  tableZones,
} from '../src/db/schema.ts';
import { hashPassword } from '../src/features/accounts/passwords.ts';
import { generateTotp, newTotpSecret } from '../src/features/accounts/totp.ts';
import { openForScript } from './cli.ts';

const DEMO_PHONE = '390000000001';
const DEMO_PASSWORD = 'Demo$2026menu';

type SampleItem = {
  name: string;
  description?: string;
  price: number;
  allergens?: string[];
  bestSeller?: boolean;
  suggested?: boolean;
};
const SAMPLE_MENUS: { name: string; sections: { name: string; items: SampleItem[] }[] }[] = [
  {
    name: 'Cena',
    sections: [
      {
        name: 'Antipasti',
        items: [
          {
            name: 'Tagliere di salumi e formaggi',
            description: 'Prosciutto crudo, salame, pecorino, miele',
            price: 14,
            allergens: ['milk'],
          },
          {
            name: 'Bruschette al pomodoro',
            description: 'Pane casereccio, pomodorini, basilico',
            price: 7,
            allergens: ['gluten'],
            bestSeller: true,
          },
        ],
      },
      {
        name: 'Primi',
        items: [
          {
            name: 'Tagliatelle al ragù',
            description: 'Pasta fresca all’uovo, ragù di manzo',
            price: 13,
            allergens: ['gluten', 'eggs', 'celery'],
            suggested: true,
          },
          { name: 'Risotto ai funghi porcini', price: 15, allergens: ['milk'] },
        ],
      },
      {
        name: 'Dolci',
        items: [
          { name: 'Tiramisù della casa', price: 6, allergens: ['eggs', 'milk', 'gluten'], bestSeller: true },
        ],
      },
    ],
  },
  {
    name: 'Cocktail',
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

const { database, secretBox } = await openForScript();
const db = database.db;

const [existing] = await db.select().from(accounts).where(eq(accounts.phone, DEMO_PHONE));
let secret: string;
if (existing?.totpSecret) {
  secret = secretBox.open(existing.totpSecret);
} else {
  secret = newTotpSecret();
  await db.transaction(async (tx) => {
    const [owner] = await tx
      .insert(accounts)
      .values({
        name: 'Demo',
        lastName: 'Carta',
        email: 'demo@carta.local',
        phone: DEMO_PHONE,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        totpSecret: secretBox.seal(secret),
        emailConfirmedAt: new Date(),
      })
      .returning();
    const [address] = await tx
      .insert(addresses)
      .values({ line1: 'Via dei Mille 12', city: 'Milano', state: 'MI', postalCode: '20129', country: 'IT' })
      .returning();
    const [club] = await tx
      .insert(clubs)
      .values({
        ownerId: owner!.id,
        name: 'Osteria Demo',
        seats: 60,
        addressId: address!.id,
        timeZone: 'Europe/Rome',
        companyName: 'Osteria Demo srl',
        vatNumber: 'IT00743110157',
        status: 'active',
        activatedAt: new Date(),
        displayEmail: 'ciao@osteriademo.it',
        displayPhone: '+39 02 1234567',
        website: 'https://osteriademo.it',
      })
      .returning();
    for (const [menuPosition, sample] of SAMPLE_MENUS.entries()) {
      const [menu] = await tx
        .insert(menus)
        .values({ clubId: club!.id, name: sample.name, position: menuPosition })
        .returning();
      for (const [sectionPosition, section] of sample.sections.entries()) {
        const [row] = await tx
          .insert(menuSections)
          .values({ menuId: menu!.id, name: section.name, position: sectionPosition })
          .returning();
        await tx.insert(menuItems).values(
          section.items.map((item, position) => ({
            sectionId: row!.id,
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
    const [terrace] = await tx.insert(tableZones).values({ clubId: club!.id, name: 'Terrazza' }).returning();
    await tx.insert(clubTables).values(
      ['1', '2', '3', '4'].map((name) => ({
        clubId: club!.id,
        name: `Tavolo ${name}`,
        tableZoneId: terrace!.id,
      })),
    );
  });
}
await database.close();

console.log(`
Demo owner ready (club "Osteria Demo", active, with two sample menus and four tables).
  Phone:                ${DEMO_PHONE}
  Password:             ${DEMO_PASSWORD}
  Authenticator secret: ${secret}
  Code right now:       ${generateTotp(secret)}   (npm run totp -- ${secret} prints a fresh one)
Start the product with npm start and log in at http://localhost:3000/login
`);
