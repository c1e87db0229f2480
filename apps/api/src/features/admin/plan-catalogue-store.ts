import type {
  AdminPaymentPlan,
  CreatePaymentPlanRequest,
  UpdatePaymentPlanRequest,
} from '@carta/contract/billing';
import { and, asc, count, eq, getTableColumns } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { paymentPlans, subscriptions } from '../../db/schema.ts';
import { isSmartNowSql } from '../billing/subscription-store.ts';

// The plan catalogue as admins keep it (0044, 0049). A subscription keeps the amount it was taken at
// (the rules' state), so a price change reaches new subscriptions and plan changes, not renewals.

const { id, isoCountryCode, months, priceCents, vatBasisPoints, currency, enabled } =
  getTableColumns(paymentPlans);

const planWithSubscribers = (db: Executor) =>
  db
    .select({
      id,
      isoCountryCode,
      months,
      priceCents,
      vatBasisPoints,
      currency,
      enabled,
      subscribers: count(subscriptions.id),
    })
    .from(paymentPlans)
    .leftJoin(
      subscriptions,
      // Subscriptions that are Smart now, as the rules say.
      and(eq(subscriptions.paymentPlanId, paymentPlans.id), isSmartNowSql()),
    )
    .groupBy(paymentPlans.id);

/** Every plan, enabled or not, by country then duration. */
export const listCatalogue = (db: Executor): Promise<AdminPaymentPlan[]> =>
  planWithSubscribers(db).orderBy(asc(isoCountryCode), asc(months), asc(id));

const loadPlan = async (db: Executor, planId: number) => {
  const [plan] = await planWithSubscribers(db).where(eq(paymentPlans.id, planId));
  return plan;
};

/** A new enabled plan; another enabled one for the same country and duration is a unique violation. */
export const insertPlan = async (tx: Transaction, plan: CreatePaymentPlanRequest) => {
  const [created] = await tx.insert(paymentPlans).values(plan).returning({ id: paymentPlans.id });
  return created ? loadPlan(tx, created.id) : undefined;
};

/** Undefined when there is no such plan. */
export const updatePlan = async (tx: Transaction, planId: number, changes: UpdatePaymentPlanRequest) => {
  if (Object.keys(changes).length > 0)
    await tx.update(paymentPlans).set(changes).where(eq(paymentPlans.id, planId));
  return loadPlan(tx, planId);
};
