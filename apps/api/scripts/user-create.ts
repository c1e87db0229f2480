// npm run user:create -- --phone 393331234567 --password 'S3cret$pass' [--admin] [--name N] [--last-name L] [--email E]
// Creates an activated account (an admin with --admin) and prints its authenticator secret. The phone is
// stored in its canonical form (+393331234567, contract phone-numbers.ts).
import { password as passwordRule } from '@carta/contract/fields';
import { phone as phoneRule } from '@carta/contract/phone-numbers';
import { eq } from 'drizzle-orm';
import { accounts } from '../src/db/schema.ts';
import { hashPassword } from '../src/features/accounts/passwords.ts';
import { newTotpSecret, totpEnrolment } from '../src/features/accounts/totp.ts';
import { openForScript, parseArguments } from './cli.ts';

const options = parseArguments(process.argv.slice(2));
const phone = phoneRule.safeParse(options.phone);
const password = passwordRule.safeParse(options.password);
if (!phone.success || !password.success) {
  console.error(
    "Usage: npm run user:create -- --phone 393331234567 --password 'S3cret$pass' [--admin] [--name Name] [--last-name Surname] [--email address]\n" +
      'The phone is a valid number, Italian (3331234567) or with its country code (+39 333 123 4567); the password 8 to 20 characters with letters, numbers and one of ! $ @ %.',
  );
  process.exit(1);
}

const { database, secretBox } = await openForScript();
const [existing] = await database.db
  .select({ id: accounts.id })
  .from(accounts)
  .where(eq(accounts.phone, phone.data));
if (existing) {
  console.error(`An account with phone ${phone.data} already exists.`);
  await database.close();
  process.exit(1);
}
const secret = newTotpSecret();
const text = (value: string | true | undefined, fallback: string) =>
  typeof value === 'string' ? value : fallback;
await database.db.insert(accounts).values({
  name: text(options.name, options.admin ? 'Admin' : 'Owner'),
  lastName: text(options['last-name'], 'Carta'),
  email: text(options.email, `${phone.data.slice(1)}@carta.local`),
  phone: phone.data,
  passwordHash: await hashPassword(password.data),
  totpSecret: secretBox.seal(secret),
  isAdmin: options.admin === true,
  emailConfirmedAt: new Date(),
});
await database.close();
const enrolment = totpEnrolment(secret, phone.data);
console.log(`Created ${options.admin ? 'admin' : 'owner'} account ${phone.data}.`);
console.log(`Authenticator secret: ${enrolment.secret}`);
console.log(`Authenticator URI:    ${enrolment.otpauthUri}`);
console.log(`Current code:         npm run totp -- ${enrolment.secret}`);
