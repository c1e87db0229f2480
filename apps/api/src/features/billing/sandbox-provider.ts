import { createHash, randomBytes } from 'node:crypto';
import {
  SANDBOX_TEST_CARDS,
  type SandboxCardOutcome,
  type SandboxConfirmSetupRequest,
} from '@carta/contract/billing';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxObjects } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { hashToken } from '../../lib/tokens.ts';
import type {
  ChargeOutcome,
  PaymentProvider,
  ProviderCard,
  ProviderEvent,
  RefundOutcome,
} from './provider.ts';

// The sandbox payment provider (0047): in process, nothing to configure, Stripe's test card numbers and
// outcomes. Its objects live in `sandbox_objects`, so it behaves like a remote service across restarts
// and processes; secrets are stored hashed. Its "browser side" is the owner app's test card form, which
// confirms a setup or a payment through the two sandbox calls.

type MethodData = ProviderCard & { customerId: string; outcome: SandboxCardOutcome };
type PaymentData = {
  customerId: string;
  methodId: string;
  amountCents: number;
  currency: string;
  chargeId: string;
  outcome: ChargeOutcome;
  /** Its refunds, answered or refused (0063): a resend with the same key answers the same. */
  refunds?: SandboxRefund[];
};
type SandboxRefund = { refundId: string; amountCents: number; outcome: RefundOutcome };

const randomId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`;
const newSecret = (objectId: string) => `${objectId}_secret_${randomBytes(16).toString('base64url')}`;

/** The test card's outcome; any other valid number behaves as 4242 4242 4242 4242. */
const outcomeOf = (cardNumber: string): SandboxCardOutcome =>
  SANDBOX_TEST_CARDS.find((card) => card.number === cardNumber)?.outcome ?? 'success';

const brandOf = (cardNumber: string) => {
  if (cardNumber.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(cardNumber)) return 'mastercard';
  if (/^3[47]/.test(cardNumber)) return 'amex';
  return 'card';
};

export type SandboxProvider = PaymentProvider & {
  name: 'sandbox';
  /** The test card form's answer: the setup gets its card. 404 for an unknown setup or a wrong secret. */
  confirmSetup: (setupId: string, input: SandboxConfirmSetupRequest, now: Date) => Promise<void>;
  /** The owner approved (or refused) a payment that asked for authentication: the event it makes. */
  confirmPayment: (paymentId: string, clientSecret: string, approve: boolean) => Promise<ProviderEvent>;
};

export const createSandboxProvider = (db: Database): SandboxProvider => {
  const read = async (id: string, kind: 'customer' | 'setup' | 'method' | 'payment') => {
    const [row] = await db.select().from(sandboxObjects).where(eq(sandboxObjects.id, id));
    return row?.kind === kind ? row : undefined;
  };

  /** The object named, when `clientSecret` is its own; 404 otherwise (nothing tells which was wrong). */
  const readWithSecret = async (id: string, kind: 'setup' | 'payment', clientSecret: string) => {
    const row = await read(id, kind);
    if (!row || row.clientSecretHash !== hashToken(clientSecret)) throw notFound();
    return row;
  };

  return {
    name: 'sandbox',
    publishableKey: null,

    createCustomer: async ({ clubId, name, email }) => {
      const id = randomId('cus');
      await db
        .insert(sandboxObjects)
        .values({ id, kind: 'customer', status: 'active', data: { clubId, name, email } });
      return id;
    },

    createSetup: async (customerId) => {
      const setupId = randomId('seti');
      const clientSecret = newSecret(setupId);
      await db.insert(sandboxObjects).values({
        id: setupId,
        kind: 'setup',
        status: 'requires_payment_method',
        clientSecretHash: hashToken(clientSecret),
        data: { customerId },
      });
      return { setupId, clientSecret };
    },

    confirmSetup: async (setupId, input, now) => {
      const setup = await readWithSecret(setupId, 'setup', input.clientSecret);
      if (setup.status !== 'requires_payment_method') throw new AppError(409, 'PAYMENT_SETUP_INVALID');
      const expiresAfter = Date.UTC(input.expYear, input.expMonth, 1);
      if (expiresAfter <= now.getTime())
        throw new AppError(400, 'VALIDATION_ERROR', {
          issues: [{ path: 'expYear', key: 'validation.cardExpired' }],
        });
      const methodId = randomId('pm');
      const method: MethodData = {
        methodId,
        customerId: String(setup.data.customerId),
        brand: brandOf(input.cardNumber),
        last4: input.cardNumber.slice(-4),
        expMonth: input.expMonth,
        expYear: input.expYear,
        outcome: outcomeOf(input.cardNumber),
      };
      await db.transaction(async (tx) => {
        await tx
          .insert(sandboxObjects)
          .values({ id: methodId, kind: 'method', status: 'attached', data: method });
        await tx
          .update(sandboxObjects)
          .set({ status: 'succeeded', data: { ...setup.data, methodId } })
          .where(eq(sandboxObjects.id, setupId));
      });
    },

    readSetup: async (setupId, customerId) => {
      const setup = await read(setupId, 'setup');
      if (setup?.status !== 'succeeded' || setup.data.customerId !== customerId) return null;
      const method = await read(String(setup.data.methodId), 'method');
      if (method?.status !== 'attached') return null;
      const { methodId, brand, last4, expMonth, expYear } = method.data as MethodData;
      return { methodId, brand, last4, expMonth, expYear };
    },

    detachMethod: async (methodId) => {
      await db.update(sandboxObjects).set({ status: 'detached' }).where(eq(sandboxObjects.id, methodId));
    },

    charge: async (request) => {
      // The same idempotency key names the same payment: a resend answers what the first send did.
      const paymentId = `pi_sbx_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`;
      const earlier = await read(paymentId, 'payment');
      if (earlier) return (earlier.data as PaymentData).outcome;
      const method = await read(request.methodId, 'method');
      const card = method?.data as MethodData | undefined;
      let outcome: ChargeOutcome;
      let clientSecret: string | null = null;
      if (!card || method?.status !== 'attached' || card.customerId !== request.customerId) {
        outcome = { status: 'failed', paymentId, code: 'declined' };
      } else {
        switch (card.outcome) {
          case 'success':
            outcome = { status: 'succeeded', paymentId };
            break;
          case 'declined':
            outcome = { status: 'failed', paymentId, code: 'declined' };
            break;
          case 'insufficientFunds':
            outcome = { status: 'failed', paymentId, code: 'insufficientFunds' };
            break;
          case 'authenticationRequired':
            if (request.isOnSession) {
              clientSecret = newSecret(paymentId);
              outcome = { status: 'requiresAction', paymentId, clientSecret };
            } else outcome = { status: 'failed', paymentId, code: 'authenticationRequired' };
            break;
          case 'failsAfterAttaching':
            // The owner's first payment goes through; every later one, off-session, is declined.
            outcome = request.isOnSession
              ? { status: 'succeeded', paymentId }
              : { status: 'failed', paymentId, code: 'declined' };
            break;
        }
      }
      const data: PaymentData = {
        customerId: request.customerId,
        methodId: request.methodId,
        amountCents: request.amountCents,
        currency: request.currency,
        chargeId: request.metadata.chargeId,
        // The secret is not kept in what a resend answers.
        outcome: outcome.status === 'requiresAction' ? { ...outcome, clientSecret: '' } : outcome,
      };
      await db
        .insert(sandboxObjects)
        .values({
          id: paymentId,
          kind: 'payment',
          status: outcome.status,
          clientSecretHash: clientSecret ? hashToken(clientSecret) : null,
          data,
        })
        .onConflictDoNothing();
      return outcome;
    },

    refund: async (request) => {
      // One refund id per idempotency key; the payment's row is locked so two refunds at once cannot both
      // take what is left. Refunds live in the payment's own object: what was given back belongs to it.
      const refundId = `re_sbx_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`;
      return db.transaction(async (tx) => {
        const [payment] = await tx
          .select()
          .from(sandboxObjects)
          .where(eq(sandboxObjects.id, request.paymentId))
          .for('update');
        const data = payment?.data as PaymentData | undefined;
        const earlier = data?.refunds?.find((refund) => refund.refundId === refundId);
        if (earlier) return earlier.outcome;
        const refused = (failureReason: string): RefundOutcome => ({
          refundId,
          status: 'failed',
          failureReason,
        });
        let outcome: RefundOutcome;
        if (!payment || !data || payment.kind !== 'payment' || payment.status !== 'succeeded')
          outcome = refused(`No payment ${request.paymentId} that succeeded`);
        else if (data.currency.toLowerCase() !== request.currency.toLowerCase())
          outcome = refused(`The payment is in ${data.currency}, not ${request.currency}`);
        else {
          const refunded = (data.refunds ?? [])
            .filter((refund) => refund.outcome.status === 'succeeded')
            .reduce((sum, refund) => sum + refund.amountCents, 0);
          const left = data.amountCents - refunded;
          outcome =
            request.amountCents > 0 && request.amountCents <= left
              ? { refundId, status: 'succeeded' }
              : refused(
                  `The refund (${request.amountCents} cents) is more than what is left of the payment (${left} cents)`,
                );
        }
        if (payment && data)
          await tx
            .update(sandboxObjects)
            .set({
              data: {
                ...data,
                refunds: [...(data.refunds ?? []), { refundId, amountCents: request.amountCents, outcome }],
              },
            })
            .where(eq(sandboxObjects.id, payment.id));
        return outcome;
      });
    },

    confirmPayment: async (paymentId, clientSecret, approve) => {
      const payment = await readWithSecret(paymentId, 'payment', clientSecret);
      if (payment.status !== 'requiresAction') throw new AppError(409, 'PAYMENT_NOT_PENDING');
      const data = payment.data as PaymentData;
      const outcome: ChargeOutcome = approve
        ? { status: 'succeeded', paymentId }
        : { status: 'failed', paymentId, code: 'declined' };
      await db
        .update(sandboxObjects)
        .set({ status: outcome.status, data: { ...data, outcome } })
        .where(eq(sandboxObjects.id, paymentId));
      const chargeId = Number(data.chargeId) || null;
      return approve
        ? { id: randomId('evt'), type: 'paymentSucceeded', paymentId, chargeId }
        : { id: randomId('evt'), type: 'paymentFailed', paymentId, chargeId, code: 'declined' };
    },

    parseWebhook: () => {
      throw new AppError(404, 'NOT_FOUND');
    },
  };
};
