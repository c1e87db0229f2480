import type { AccountFieldsSchema } from '@carta/contract/accounts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Transaction } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { accountActivationEmail } from '../mail/templates.ts';
import { issueToken } from './one-time-tokens.ts';
import { hashPassword, isCommonPassword } from './passwords.ts';
import { newTotpSecret, totpEnrolment } from './totp.ts';

type AccountFields = z.output<typeof AccountFieldsSchema>;

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' ||
    (error as { cause?: { code?: string } }).cause?.code === '23505');

/** Refuses a password from the common list, pointing at the field that holds it. */
export const assertUncommonPassword = (password: string, path: string) => {
  if (isCommonPassword(password)) {
    throw new AppError(400, 'PASSWORD_TOO_COMMON', { issues: [{ path, key: 'errors.PASSWORD_TOO_COMMON' }] });
  }
};

/**
 * Creates an account inside the caller's transaction and answers its authenticator enrolment and the
 * activation token; the caller sends the email once the transaction has committed.
 */
export const createAccount = async (app: FastifyInstance, tx: Transaction, fields: AccountFields) => {
  const [taken] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, fields.phone));
  if (taken) throw new AppError(409, 'PHONE_TAKEN');
  const secret = newTotpSecret();
  const passwordHash = await hashPassword(fields.password);
  let accountId: number;
  try {
    const [row] = await tx
      .insert(accounts)
      .values({
        name: fields.name,
        lastName: fields.lastName,
        email: fields.email,
        phone: fields.phone,
        passwordHash,
        totpSecret: app.secretBox.seal(secret),
        language: fields.language,
      })
      .returning({ id: accounts.id });
    accountId = row!.id;
  } catch (error) {
    // Two sign-ups with one phone at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError(409, 'PHONE_TAKEN');
    throw error;
  }
  const activationToken = await issueToken(tx, 'account_activation', { accountId });
  return { accountId, enrolment: totpEnrolment(secret, fields.phone), activationToken };
};

export const sendActivationEmail = (
  app: FastifyInstance,
  account: { email: string; name: string; language: string },
  token: string,
) =>
  app.mailer.send(
    accountActivationEmail(
      account.language === 'en' ? 'en' : 'it',
      account.email,
      account.name,
      `${app.config.publicUrl}/users/activate?token=${encodeURIComponent(token)}`,
    ),
  );
