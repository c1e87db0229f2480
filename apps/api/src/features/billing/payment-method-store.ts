import type { PaymentMethod } from '@carta/contract/billing';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { accounts, clubs, paymentCustomers, paymentMethods } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { PaymentProvider, ProviderCard } from './provider.ts';

// Saved cards and the club's customer at the provider. Exactly one primary card per club that has any
// (a partial unique index holds it); renewals charge the primary.

type MethodRow = typeof paymentMethods.$inferSelect;

const toPaymentMethod = (row: MethodRow): PaymentMethod => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  isPrimary: row.isPrimary,
  createdAt: row.createdAt.toISOString(),
});

/** The club's cards, the primary first, then the newest. */
export const listPaymentMethods = async (db: Executor, clubId: number): Promise<PaymentMethod[]> => {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.clubId, clubId))
    .orderBy(desc(paymentMethods.isPrimary), desc(paymentMethods.createdAt), desc(paymentMethods.id));
  return rows.map(toPaymentMethod);
};

/** The card renewals charge, with the customer it belongs to; undefined without one. */
export const primaryMethodOf = async (db: Executor, clubId: number) => {
  const [row] = await db
    .select({ providerMethodId: paymentMethods.providerMethodId, customerId: paymentCustomers.customerId })
    .from(paymentMethods)
    .innerJoin(paymentCustomers, eq(paymentCustomers.clubId, paymentMethods.clubId))
    .where(and(eq(paymentMethods.clubId, clubId), eq(paymentMethods.isPrimary, true)));
  return row;
};

/** The club's customer at the provider, made the first time (its company name and the owner's email). */
export const ensureCustomer = async (db: Executor, provider: PaymentProvider, clubId: number) => {
  const [existing] = await db
    .select({ customerId: paymentCustomers.customerId, provider: paymentCustomers.provider })
    .from(paymentCustomers)
    .where(eq(paymentCustomers.clubId, clubId));
  if (existing?.provider === provider.name) return existing.customerId;
  const [club] = await db
    .select({ companyName: clubs.companyName, email: accounts.email })
    .from(clubs)
    .innerJoin(accounts, eq(accounts.id, clubs.ownerId))
    .where(eq(clubs.id, clubId));
  if (!club) throw notFound();
  const customerId = await provider.createCustomer({ clubId, name: club.companyName, email: club.email });
  // Another request may have made one meanwhile: the first stored wins; a provider switch replaces it.
  const [stored] = await db
    .insert(paymentCustomers)
    .values({ clubId, provider: provider.name, customerId })
    .onConflictDoUpdate({
      target: paymentCustomers.clubId,
      set: { provider: provider.name, customerId },
      setWhere: ne(paymentCustomers.provider, provider.name),
    })
    .returning({ customerId: paymentCustomers.customerId });
  if (stored) return stored.customerId;
  const [winner] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(eq(paymentCustomers.clubId, clubId));
  return winner?.customerId ?? customerId;
};

/** Saves a confirmed card; the club's first becomes primary. Saving the same card twice answers it once. */
export const addPaymentMethod = async (
  tx: Transaction,
  clubId: number,
  card: ProviderCard,
): Promise<PaymentMethod> => {
  const [hasPrimary] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.clubId, clubId), eq(paymentMethods.isPrimary, true)));
  const [inserted] = await tx
    .insert(paymentMethods)
    .values({
      clubId,
      providerMethodId: card.methodId,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      isPrimary: !hasPrimary,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return toPaymentMethod(inserted);
  const [existing] = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.providerMethodId, card.methodId), eq(paymentMethods.clubId, clubId)));
  if (!existing) throw new AppError(409, 'PAYMENT_SETUP_INVALID');
  return toPaymentMethod(existing);
};

/** Makes one card the primary (the others not); 404 for a card that is not the club's. */
export const makePrimary = async (tx: Transaction, clubId: number, paymentMethodId: number) => {
  const [card] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, paymentMethodId), eq(paymentMethods.clubId, clubId)));
  if (!card) throw notFound();
  // Two statements: the one-primary index is checked row by row.
  await tx.update(paymentMethods).set({ isPrimary: false }).where(eq(paymentMethods.clubId, clubId));
  await tx.update(paymentMethods).set({ isPrimary: true }).where(eq(paymentMethods.id, paymentMethodId));
};

/**
 * Removes a card (answers its provider id, to detach it after the commit). The primary's place goes to
 * the newest other card; the only card of a subscription that still charges it cannot go.
 */
export const removePaymentMethod = async (
  tx: Transaction,
  clubId: number,
  paymentMethodId: number,
  isCardNeeded: boolean,
): Promise<string> => {
  const rows = await tx
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.clubId, clubId))
    .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id));
  const card = rows.find((row) => row.id === paymentMethodId);
  if (!card) throw notFound();
  const others = rows.filter((row) => row.id !== paymentMethodId);
  if (others.length === 0 && isCardNeeded) throw new AppError(409, 'PAYMENT_METHOD_IN_USE');
  await tx.delete(paymentMethods).where(eq(paymentMethods.id, paymentMethodId));
  const next = others[0];
  if (card.isPrimary && next)
    await tx.update(paymentMethods).set({ isPrimary: true }).where(eq(paymentMethods.id, next.id));
  return card.providerMethodId;
};
