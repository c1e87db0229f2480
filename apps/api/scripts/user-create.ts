// npm run user:create -- --phone 393331234567 --password 'S3cret$pass' [--admin] [--name N] [--last-name L] [--email E]
// Creates an activated account (an admin with --admin) and prints its authenticator secret. The phone is
// stored in its canonical form (+393331234567, contract phone-numbers.ts).
import { password as passwordRule } from '@carta/contract/fields';
import { phone as phoneRule } from '@carta/contract/phone-numbers';
import { accounts } from '../src/db/schema.ts';
import {
  deleteUnconfirmedAccount,
  findAccountsByPhone,
  isConfirmed,
} from '../src/features/accounts/account-store.ts';
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
const secret = newTotpSecret();
const text = (value: string | true | undefined, fallback: string) =>
  typeof value === 'string' ? value : fallback;
const passwordHash = await hashPassword(password.data);
// A phone held only by a sign-up never finished is free (docs/decisions/0066): that account goes, as a
// new sign-up would replace it; a confirmed account keeps its phone.
const created = await database.db.transaction(async (tx) => {
  const holders = await findAccountsByPhone(tx, phone.data);
  if (holders.some(isConfirmed)) return false;
  for (const unconfirmed of holders) await deleteUnconfirmedAccount(tx, unconfirmed.id);
  await tx.insert(accounts).values({
    name: text(options.name, options.admin ? 'Admin' : 'Owner'),
    lastName: text(options['last-name'], 'Carta'),
    email: text(options.email, `${phone.data.slice(1)}@carta.local`),
    phone: phone.data,
    passwordHash,
    totpSecret: secretBox.seal(secret),
    isAdmin: options.admin === true,
    emailConfirmedAt: new Date(),
  });
  return true;
});
if (!created) {
  console.error(`An account with phone ${phone.data} already exists.`);
  await database.close();
  process.exit(1);
}
await database.close();
const enrolment = totpEnrolment(secret, phone.data);
console.log(`Created ${options.admin ? 'admin' : 'owner'} account ${phone.data}.`);
console.log(`Authenticator secret: ${enrolment.secret}`);
console.log(`Authenticator URI:    ${enrolment.otpauthUri}`);
console.log(`Current code:         npm run totp -- ${enrolment.secret}`);
