import { addresses } from '../src/db/schema.ts';
import { firstOrThrow } from '../src/lib/db-errors.ts';
import { seedOwnerWithClub } from './fixtures.ts';
import type { TestContext } from './helpers.ts';

// What payments-plans.test.ts and payment-state.test.ts share: a club in the country a test needs, and
// GET on its payments routes as its owner.

/** Makes a club of a new owner in `country` (Italy unless told); `billing` adds a billing address there. */
export const paymentsSetUp = (context: TestContext) => {
  const db = () => context.database.db;

  const addressIn = async (country: string) =>
    firstOrThrow(
      await db()
        .insert(addresses)
        .values({ line1: 'Street 1', city: 'City', postalCode: '10000', country })
        .returning(),
      'address',
    ).id;

  return async (
    fields: { country?: string; billing?: string; vatNumber?: string; freeForever?: boolean } = {},
  ) => {
    const { owner, club } = await seedOwnerWithClub(context, {
      club: {
        ...(fields.country ? { addressId: await addressIn(fields.country) } : {}),
        ...(fields.billing ? { billingAddressId: await addressIn(fields.billing) } : {}),
        ...(fields.vatNumber ? { vatNumber: fields.vatNumber } : {}),
        freeForever: fields.freeForever ?? false,
      },
    });
    const get = (path: string, authorization = owner.authorization) =>
      context.app.inject({
        method: 'GET',
        url: `/api/v1/clubs/${club.id}/payments${path}`,
        headers: { authorization },
      });
    return { owner, club, get };
  };
};
