import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppError } from '../../lib/app-error.ts';
import { verifyCredentials } from './accounts.ts';
import { recordFailedAttempt, refuseWhenLimited } from './attempts.ts';

type Credentials = { username: string; password: string; totp?: string };
export type VerifiedCredentials = NonNullable<Awaited<ReturnType<typeof verifyCredentials>>>;

/** A check that took a code: its time step is what a session or a confirmation records. */
export const tookCode = (verified: VerifiedCredentials): verified is VerifiedCredentials & { step: number } =>
  Boolean(verified.step);

/**
 * The credential check of every form that asks for the phone's password again (with or without a code):
 * refused with 429 while the phone or the address waits, then checked; a wrong answer, or a right one
 * that `accepts` turns down, counts as a failed login (decision 0036) before `refusal` is thrown.
 */
export const verifyOrCount = async <Accepted extends VerifiedCredentials = VerifiedCredentials>(
  app: FastifyInstance,
  request: FastifyRequest,
  credentials: Credentials,
  options: {
    refusal: () => AppError;
    accepts?:
      | ((verified: VerifiedCredentials) => verified is Accepted)
      | ((verified: VerifiedCredentials) => boolean);
    /** The caller's own account, when it is the one to check (changing the password, deleting it). */
    onlyAccountId?: number;
  },
): Promise<Accepted> => {
  await refuseWhenLimited(app, request, 'login', credentials.username);
  const verified = await verifyCredentials(app, credentials, options.onlyAccountId);
  if (!verified || (options.accepts && !options.accepts(verified))) {
    await recordFailedAttempt(app.db, 'login', credentials.username, request.ip);
    throw options.refusal();
  }
  return verified as Accepted;
};
