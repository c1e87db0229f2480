import type { Language } from '@carta/contract/limits';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../lib/app-error.ts';
import { auditedChange, writeAudit } from '../../lib/audit.ts';
import { clubActivationRequests } from '../clubs/create-club.ts';
import {
  authenticatorResetApprovedEmail,
  authenticatorResetLinkEmail,
  authenticatorResetRefusedEmail,
  authenticatorResetWaitingEmail,
} from '../mail/templates.ts';
import { joinHeldInvitations } from '../members/invitations.ts';
import {
  confirmEmail,
  findAccountById,
  markAuthenticatorConfirmed,
  recordTotpStep,
} from './account-store.ts';
import { activationEmail } from './accounts.ts';
import {
  clearAuthenticator,
  decideReset,
  insertResetRequest,
  isResetKnown,
  markResetEmailConfirmed,
  saveNewAuthenticator,
} from './authenticator-reset-store.ts';
import { consumeToken, issueToken, revokeTokens } from './one-time-tokens.ts';
import { createSession } from './sessions.ts';
import { matchTotpStep, newTotpSecret, totpEnrolment } from './totp.ts';

// A lost authenticator (decision 0072): the owner asks with phone and password, confirms through the
// account's email, support approves or refuses in the console, and the next login enrols a new one.

/** How long the sealed secret of an enrolment may wait for its first code. */
export const ENROLMENT_LIFETIME_MS = 15 * 60 * 1000;

/**
 * Records a code of the sign-up's authenticator as used, so it cannot log in afterwards; null when it was
 * used before. The first time, the sign-up is confirmed (0066): the account may log in once its email is
 * confirmed, and the answer carries the emails that waited for this, the account's activation link and
 * operations' request for each club it made, for the caller to send once committed. An invitee's sign-up
 * joins the club it was invited to (docs/product.md, Staff and roles).
 */
export const confirmSignUp = (app: FastifyInstance, accountId: number, step: number) =>
  app.db.transaction(async (tx) => {
    if (!(await recordTotpStep(tx, accountId, step))) return null;
    const account = await markAuthenticatorConfirmed(tx, accountId);
    if (!account) return { emails: [] };
    // An invitee's sign-up joins its club now; the invitation's link proved a mailbox it was sent to.
    const { isEmailProven } = await joinHeldInvitations(tx, account);
    if (isEmailProven) await confirmEmail(tx, accountId);
    const activation =
      account.emailConfirmedAt || isEmailProven
        ? []
        : [activationEmail(app, account, await issueToken(tx, 'account_activation', { accountId }))];
    return { emails: [...activation, ...(await clubActivationRequests(app, tx, account))] };
  });

/**
 * Saves a new request and emails its single-use link to the account's address; the request waits for
 * that link to be opened.
 */
export const requestAuthenticatorReset = async (
  app: FastifyInstance,
  account: { id: number; email: string; name: string; language: Language },
  message: string | null,
) => {
  const token = await app.db.transaction(async (tx) => {
    await revokeTokens(tx, account.id, 'authenticator_reset');
    await insertResetRequest(tx, account.id, message);
    return issueToken(tx, 'authenticator_reset', { accountId: account.id });
  });
  await app.mailer.send(
    authenticatorResetLinkEmail(
      account.language,
      account.email,
      account.name,
      `${app.config.publicUrl}/authenticator/reset?token=${encodeURIComponent(token)}`,
    ),
  );
};

/**
 * The emailed link was opened: the request waits for support, who is told. False when the link is not
 * good (unknown, used, expired, or its request gone).
 */
export const confirmResetLink = async (app: FastifyInstance, token: string) => {
  // The token, the request and the audit line (the owner as the one who asked) change together.
  const owner = await app.db.transaction(async (tx) => {
    const used = await consumeToken(tx, 'authenticator_reset', token);
    if (!used?.accountId) return null;
    const resetId = await markResetEmailConfirmed(tx, used.accountId);
    if (resetId === null) return null;
    await writeAudit(tx, used.accountId, {
      action: 'authenticator_reset.requested',
      target: { type: 'account', id: used.accountId },
      details: { resetId },
    });
    return (await findAccountById(tx, used.accountId)) ?? null;
  });
  if (!owner) return false;
  await app.mailer.send(
    authenticatorResetWaitingEmail(
      app.config.mail.supportEmail,
      { name: `${owner.name} ${owner.lastName}`, phone: owner.phone },
      `${app.config.publicUrl}/admin?tab=authenticator`,
    ),
  );
  return true;
};

/**
 * Support approves (the account's authenticator is cleared, its sessions end, the owner is emailed how to
 * enrol a new one) or refuses (the owner is told politely); audited. 404 for an unknown request, 409 for
 * one no longer waiting.
 */
export const decideAuthenticatorReset = (
  app: FastifyInstance,
  adminId: number,
  resetId: number,
  outcome: { decision: 'approved' } | { decision: 'refused'; note: string | null },
) =>
  auditedChange(app, adminId, async (tx) => {
    const { decision } = outcome;
    const note = outcome.decision === 'refused' ? outcome.note : null;
    const decided = await decideReset(tx, resetId, decision, adminId);
    if (!decided) throw (await isResetKnown(tx, resetId)) ? new AppError(409, 'CONFLICT') : notFound();
    const { account } = decided;
    const { language } = account;
    if (decision === 'approved') {
      await clearAuthenticator(tx, account.id);
      await revokeTokens(tx, account.id, 'authenticator_reset');
    }
    return {
      result: { id: resetId, status: decision },
      audit: {
        action: `authenticator_reset.${decision}`,
        target: { type: 'account', id: account.id },
        details: { resetId, phone: account.phone, ...(note ? { note } : {}) },
      },
      mail:
        decision === 'approved'
          ? authenticatorResetApprovedEmail(
              language,
              account.email,
              account.name,
              `${app.config.publicUrl}/login`,
            )
          : authenticatorResetRefusedEmail(language, account.email, account.name, note),
    };
  });

type EnrolmentClaim = { accountId: number; secret: string; expiresAt: number };

/** A new secret for an account that has none, and the same secret sealed to come back with the code. */
export const startEnrolment = (app: FastifyInstance, account: { id: number; phone: string }) => {
  const secret = newTotpSecret();
  const claim: EnrolmentClaim = {
    accountId: account.id,
    secret,
    expiresAt: Date.now() + ENROLMENT_LIFETIME_MS,
  };
  return {
    enrolment: totpEnrolment(secret, account.phone),
    enrolmentToken: app.secretBox.seal(JSON.stringify(claim)),
  };
};

/** The secret of a sealed enrolment of this account still in time, else null (forged, another's, late). */
export const openEnrolment = (app: FastifyInstance, accountId: number, enrolmentToken: string) => {
  try {
    const claim = JSON.parse(app.secretBox.open(enrolmentToken)) as Partial<EnrolmentClaim>;
    if (claim.accountId !== accountId || typeof claim.secret !== 'string') return null;
    if (typeof claim.expiresAt !== 'number' || claim.expiresAt < Date.now()) return null;
    return claim.secret;
  } catch {
    return null;
  }
};

/**
 * Saves the new authenticator once its first code is right, completes the approved requests (audited as
 * the owner's) and opens a session; null when the code is wrong, 409 when another enrolment got there first.
 */
export const finishEnrolment = (app: FastifyInstance, accountId: number, secret: string, code: string) => {
  const step = matchTotpStep(secret, code);
  if (step === null) return Promise.resolve(null);
  return auditedChange(app, accountId, async (tx) => {
    const saved = await saveNewAuthenticator(tx, accountId, app.secretBox.seal(secret), step);
    // Two tabs enrolling at once: the first code saved wins, the other starts again from the login.
    if (!saved) throw new AppError(409, 'CONFLICT');
    return {
      result: await createSession(tx, accountId),
      audit: {
        action: 'authenticator_reset.completed',
        target: { type: 'account', id: accountId },
        details: { resetIds: saved.resetIds.join(', ') },
      },
      mail: null,
    };
  });
};
