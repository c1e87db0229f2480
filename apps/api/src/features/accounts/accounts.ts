import type { AccountFieldsSchema } from '@carta/contract/accounts';
import type { Language } from '@carta/contract/limits';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { conflictOnUnique } from '../../lib/db-errors.ts';
import { filesOfImage } from '../images/images.ts';
import { accountActivationEmail, passwordResetEmail } from '../mail/templates.ts';
import {
  confirmEmail,
  deleteAccountRows,
  deleteUnconfirmedAccount,
  findAccountsByPhone,
  findConfirmedAccountsByPhone,
  insertAccount,
  isConfirmed,
  isImageKeyStored,
  recordTotpStep,
  setPasswordHash,
} from './account-store.ts';
import { clearAccountAttempts } from './attempts.ts';
import { consumeToken, issueToken, revokeTokens } from './one-time-tokens.ts';
import { decoyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';
import { createSession, revokeAllSessions, revokeOtherSessions } from './sessions.ts';
import { matchTotpStep, newTotpSecret, totpEnrolment } from './totp.ts';

type AccountFields = z.output<typeof AccountFieldsSchema>;

/** Refuses a password from the common list, pointing at the field that holds it. */
export const assertUncommonPassword = (password: string, path: string) => {
  if (isCommonPassword(password)) {
    throw new AppError(400, 'PASSWORD_TOO_COMMON', { issues: [{ path, key: 'errors.PASSWORD_TOO_COMMON' }] });
  }
};

/**
 * Creates an account inside the caller's transaction, waiting for its first authenticator code (0066), and
 * answers its id and authenticator enrolment. A phone held only by a sign-up never confirmed is taken
 * over: that account and the club it made are deleted in the same transaction. Nothing is emailed yet:
 * the activation email leaves once the code is confirmed (`confirmSignUp`).
 */
export const createAccount = async (app: FastifyInstance, tx: Transaction, fields: AccountFields) => {
  const holders = await findAccountsByPhone(tx, fields.phone);
  if (holders.some(isConfirmed)) throw new AppError(409, 'PHONE_TAKEN');
  // Confirmed between the lookup and the delete: the row stays, and the unique index refuses the phone.
  for (const unconfirmed of holders) await deleteUnconfirmedAccount(tx, unconfirmed.id);
  const secret = newTotpSecret();
  const passwordHash = await hashPassword(fields.password);
  // Two sign-ups with one phone at the same moment: the unique index decides.
  const accountId = await conflictOnUnique(
    () =>
      insertAccount(tx, {
        name: fields.name,
        lastName: fields.lastName,
        email: fields.email,
        phone: fields.phone,
        passwordHash,
        totpSecret: app.secretBox.seal(secret),
        language: fields.language,
        authenticatorConfirmedAt: null,
      }),
    'PHONE_TAKEN',
  );
  return { accountId, enrolment: totpEnrolment(secret, fields.phone) };
};

/** The account activation email, with a link carrying `token`. */
export const activationEmail = (
  app: FastifyInstance,
  account: { email: string; name: string; language: Language },
  token: string,
) =>
  accountActivationEmail(
    account.language,
    account.email,
    account.name,
    `${app.config.publicUrl}/users/activate?token=${encodeURIComponent(token)}`,
  );

/** Emails the account a new activation link (the sign-up's own went to an address never confirmed). */
export const sendActivationLink = async (
  app: FastifyInstance,
  account: { id: number; email: string; name: string; language: Language },
) => {
  const token = await issueToken(app.db, 'account_activation', { accountId: account.id });
  await app.mailer.send(activationEmail(app, account, token));
};

/**
 * Emails a password reset link to each confirmed account with this phone; false when there is none.
 * Several only for accounts that share a number until an admin sorts them out (0050): each owner gets a
 * link to their own account.
 */
export const sendPasswordResetLinks = async (app: FastifyInstance, phone: string) => {
  const found = await findConfirmedAccountsByPhone(app.db, phone);
  for (const account of found) {
    const token = await issueToken(app.db, 'password_reset', { accountId: account.id });
    await app.mailer.send(
      passwordResetEmail(
        account.language,
        account.email,
        account.name,
        `${app.config.publicUrl}/password/reset?token=${encodeURIComponent(token)}`,
      ),
    );
  }
  return found.length > 0;
};

/**
 * Checks phone, password and code together and answers the account; a wrong one of the three answers
 * the same null and takes the same time, so nobody learns which was wrong.
 */
export const verifyCredentials = async (
  app: FastifyInstance,
  credentials: { username: string; password: string; totp?: string },
  /** The caller's own account, when it is the one to check (changing the password, deleting it). */
  onlyAccountId?: number,
) => {
  const candidates = (await findAccountsByPhone(app.db, credentials.username)).filter(
    (candidate) => onlyAccountId === undefined || candidate.id === onlyAccountId,
  );
  // Accounts that share one number since 0050's conversion (an admin sorts them out): the password says
  // which one is meant.
  let account: (typeof candidates)[number] | undefined;
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.passwordHash, credentials.password)) {
      account = candidate;
      break;
    }
  }
  if (candidates.length === 0) await verifyPassword(await decoyPasswordHash(), credentials.password);
  if (!account) return null;
  if (credentials.totp === undefined) return { account, step: null };
  // No authenticator (support reset it, 0072): the password alone is checked; no step, so no login.
  if (!account.totpSecret) return { account, step: null };
  const step = matchTotpStep(app.secretBox.open(account.totpSecret), credentials.totp);
  if (step === null) return null;
  return { account, step };
};

/** Confirms the email of the account the activation link names; false when the link is not good. */
export const activateAccount = (db: Database, token: string) =>
  db.transaction(async (tx) => {
    const target = await consumeToken(tx, 'account_activation', token);
    if (!target?.accountId) return false;
    await confirmEmail(tx, target.accountId);
    return true;
  });

/** A session for the account once the code's step is recorded; null when that code was already used. */
export const startSession = (db: Database, accountId: number, step: number) =>
  db.transaction(async (tx) => {
    if (!(await recordTotpStep(tx, accountId, step))) return null;
    return createSession(tx, accountId);
  });

/**
 * Sets the password of the account the reset link names and ends every session and every other reset
 * link, and forgets the account's failed attempts (0036); false when the link is not good.
 */
export const resetPassword = (db: Database, token: string, passwordHash: string) =>
  db.transaction(async (tx) => {
    const target = await consumeToken(tx, 'password_reset', token);
    if (!target?.accountId) return false;
    await setPasswordHash(tx, target.accountId, passwordHash);
    await revokeAllSessions(tx, target.accountId);
    await revokeTokens(tx, target.accountId, 'password_reset');
    await clearAccountAttempts(tx, target.accountId);
    return true;
  });

/** A new password: every other session of the account ends, the one that changed it stays. */
export const changePassword = (
  db: Database,
  accountId: number,
  passwordHash: string,
  keptSessionId: number,
) =>
  db.transaction(async (tx) => {
    await setPasswordHash(tx, accountId, passwordHash);
    await revokeOtherSessions(tx, accountId, keptSessionId);
  });

/**
 * Deletes the account with its clubs, then their stored files once the rows are gone, unless another
 * club uses the same image (same content hash). A file left behind is logged, not an error.
 */
export const deleteAccount = async (app: FastifyInstance, accountId: number, log: FastifyBaseLogger) => {
  const images = await app.db.transaction((tx) => deleteAccountRows(tx, accountId));
  for (const image of images) {
    if (await isImageKeyStored(app.db, image.key)) continue;
    for (const file of filesOfImage(image.key, image.contentType, image.variants)) {
      await app.storage
        .delete(file)
        .catch((error: unknown) => log.warn({ err: error, file }, 'file not deleted'));
    }
  }
};
