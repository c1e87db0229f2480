import {
  ClubParamsSchema,
  SMART_ONLY_SETTINGS,
  UpdateClubRequestSchema,
  UpdateClubSettingsRequestSchema,
} from '@carta/contract/clubs';
import { ClubDetailsSchema } from '@carta/contract/entities';
import { ErrorResponseSchema } from '@carta/contract/errors';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Transaction } from '../../db/client.ts';
import { addresses, clubs, storedFiles, themes } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { clubIdOf } from '../../plugins/club-scope.ts';
import { defaultTimeZone, findCountry } from '../geography/geography.ts';
import { loadClubDetails } from './club-details.ts';
import { isTimeZone } from './create-club.ts';
import { isValidVatNumber } from './vat.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const security = [{ bearerAuth: [] }];

const loadOrNotFound = async (db: Parameters<typeof loadClubDetails>[0], clubId: number) => {
  const details = await loadClubDetails(db, clubId);
  if (!details) throw notFound();
  return details;
};

const replaceAddress = async (
  tx: Transaction,
  addressId: number | null,
  address: {
    line1: string;
    line2: string | null;
    city: string;
    state: string | null;
    postalCode: string;
    country: string;
  },
) => {
  if (addressId) {
    await tx.update(addresses).set(address).where(eq(addresses.id, addressId));
    return addressId;
  }
  const [row] = await tx.insert(addresses).values(address).returning({ id: addresses.id });
  return row!.id;
};

/** GET and PATCH /clubs/{clubId}, PATCH /clubs/{clubId}/settings: registered inside clubScope. */
export const clubProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags: ['clubs'],
        summary: 'The club (spec §3 Club) with its state, plan and counts',
        security,
        params: ClubParamsSchema,
        response: { 200: ClubDetailsSchema, ...errors },
      },
    },
    async (request) => loadOrNotFound(app.db, clubIdOf(request)),
  );

  app.patch(
    '',
    {
      schema: {
        tags: ['clubs'],
        summary: 'Change contacts, address, logo, social links and company data; other fields are refused',
        security,
        params: ClubParamsSchema,
        body: UpdateClubRequestSchema,
        response: { 200: ClubDetailsSchema, ...errors },
      },
    },
    async (request) => {
      const clubId = clubIdOf(request);
      const changes = request.body;
      return app.db.transaction(async (tx) => {
        const [club] = await tx.select().from(clubs).where(eq(clubs.id, clubId)).for('update');
        if (!club) throw notFound();

        const issues: { path: string; key: string }[] = [];
        if (changes.address && !findCountry(changes.address.country))
          issues.push({ path: 'body.address.country', key: 'validation.invalid' });
        if (changes.billingAddress && !findCountry(changes.billingAddress.country))
          issues.push({ path: 'body.billingAddress.country', key: 'validation.invalid' });
        if (changes.timeZone && !isTimeZone(changes.timeZone))
          issues.push({ path: 'body.timeZone', key: 'validation.invalid' });
        if (issues.length > 0) throw new AppError(400, 'VALIDATION_ERROR', { issues });

        if (changes.logo) {
          const [file] = await tx
            .select({ id: storedFiles.id })
            .from(storedFiles)
            .where(and(eq(storedFiles.clubId, clubId), eq(storedFiles.key, changes.logo)));
          if (!file)
            throw new AppError(400, 'IMAGE_NOT_FOUND', {
              issues: [{ path: 'body.logo', key: 'errors.IMAGE_NOT_FOUND' }],
            });
        }

        if (changes.themeId) {
          const [theme] = await tx
            .select({ id: themes.id })
            .from(themes)
            .where(and(eq(themes.id, changes.themeId), or(isNull(themes.clubId), eq(themes.clubId, clubId))));
          if (!theme)
            throw new AppError(400, 'VALIDATION_ERROR', {
              issues: [{ path: 'body.themeId', key: 'validation.invalid' }],
            });
        }

        const [currentAddress] = await tx.select().from(addresses).where(eq(addresses.id, club.addressId));
        const [currentBilling] = club.billingAddressId
          ? await tx.select().from(addresses).where(eq(addresses.id, club.billingAddressId))
          : [];
        // The VAT number is checked in the billing country, as at creation, whenever either changes.
        const billingCountry =
          changes.billingAddress === null
            ? (changes.address ?? currentAddress)!.country
            : (changes.billingAddress ?? currentBilling ?? changes.address ?? currentAddress)!.country;
        const vatNumber = changes.vatNumber ?? club.vatNumber;
        const isVatAffected =
          changes.vatNumber !== undefined ||
          changes.billingAddress !== undefined ||
          changes.address !== undefined;
        if (isVatAffected && !isValidVatNumber(vatNumber, billingCountry)) {
          throw new AppError(400, 'VAT_INVALID', {
            issues: [{ path: 'body.vatNumber', key: 'errors.VAT_INVALID' }],
          });
        }

        if (changes.address) await replaceAddress(tx, club.addressId, changes.address);
        let billingAddressId = club.billingAddressId;
        if (changes.billingAddress) {
          billingAddressId = await replaceAddress(tx, club.billingAddressId, changes.billingAddress);
        }

        const { address, billingAddress, vatNumber: _vat, ...plain } = changes;
        await tx
          .update(clubs)
          .set({
            ...plain,
            ...(changes.vatNumber !== undefined
              ? { vatNumber: changes.vatNumber.replace(/\s+/g, '').toUpperCase() }
              : {}),
            ...(changes.address &&
            changes.timeZone === undefined &&
            changes.address.country !== currentAddress?.country
              ? { timeZone: defaultTimeZone(changes.address.country) }
              : {}),
            billingAddressId: billingAddress === null ? null : billingAddressId,
            updatedAt: new Date(),
          })
          .where(eq(clubs.id, clubId));
        if (billingAddress === null && club.billingAddressId) {
          await tx.delete(addresses).where(eq(addresses.id, club.billingAddressId));
        }
        return loadOrNotFound(tx, clubId);
      });
    },
  );

  app.patch(
    '/settings',
    {
      schema: {
        tags: ['clubs'],
        summary: 'Switch the club on or off and its features; Smart-only ones need the Smart plan',
        security,
        params: ClubParamsSchema,
        body: UpdateClubSettingsRequestSchema,
        response: { 200: ClubDetailsSchema, ...errors },
      },
    },
    async (request) => {
      const clubId = clubIdOf(request);
      return app.db.transaction(async (tx) => {
        const details = await loadOrNotFound(tx, clubId);
        const needsSmart = SMART_ONLY_SETTINGS.filter((name) => request.body[name] === true);
        if (needsSmart.length > 0 && !details.plan.isSmart) {
          throw new AppError(403, 'SMART_PLAN_REQUIRED', {
            issues: needsSmart.map((name) => ({ path: `body.${name}`, key: 'errors.SMART_PLAN_REQUIRED' })),
          });
        }
        await tx
          .update(clubs)
          .set({ ...request.body, updatedAt: new Date() })
          .where(eq(clubs.id, clubId));
        return loadOrNotFound(tx, clubId);
      });
    },
  );
};
