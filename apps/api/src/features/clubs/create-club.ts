import type { AddressInputSchema, ClubFormSchema } from '@carta/contract/clubs';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Transaction } from '../../db/client.ts';
import { accounts, addresses, brands, clubs } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { issueToken } from '../accounts/one-time-tokens.ts';
import { defaultTimeZone, findCountry } from '../geography/geography.ts';
import { clubActivatedEmail, clubActivationRequestEmail } from '../mail/templates.ts';
import { isValidVatNumber } from './vat.ts';

type ClubForm = z.output<typeof ClubFormSchema>;
type AddressInput = z.output<typeof AddressInputSchema>;

export const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * What the schema cannot check alone: countries exist, the brand exists and is enabled, and the VAT
 * number is valid for the billing country. `path` is where the club sits in the request body.
 */
export const checkClubForm = async (app: FastifyInstance, club: ClubForm, path: string) => {
  const issues: { path: string; key: string }[] = [];
  if (!findCountry(club.address.country))
    issues.push({ path: `${path}.address.country`, key: 'validation.invalid' });
  if (club.billingAddress && !findCountry(club.billingAddress.country)) {
    issues.push({ path: `${path}.billingAddress.country`, key: 'validation.invalid' });
  }
  if (club.timeZone && !isTimeZone(club.timeZone))
    issues.push({ path: `${path}.timeZone`, key: 'validation.invalid' });
  if (club.brandId) {
    const [brand] = await app.db
      .select({ id: brands.id })
      .from(brands)
      .where(and(eq(brands.id, club.brandId), eq(brands.enabled, true)));
    if (!brand) issues.push({ path: `${path}.brandId`, key: 'validation.invalid' });
  }
  if (issues.length > 0) throw new AppError(400, 'VALIDATION_ERROR', { issues });
  const billingCountry = club.billingAddress?.country ?? club.address.country;
  if (!isValidVatNumber(club.vatNumber, billingCountry)) {
    throw new AppError(400, 'VAT_INVALID', {
      issues: [{ path: `${path}.vatNumber`, key: 'errors.VAT_INVALID' }],
    });
  }
};

const insertAddress = async (tx: Transaction, address: AddressInput) => {
  const [row] = await tx
    .insert(addresses)
    .values({
      line1: address.line1,
      line2: address.line2,
      city: address.city,
      state: address.state,
      postalCode: address.postalCode,
      country: address.country,
    })
    .returning({ id: addresses.id });
  return row!.id;
};

/** Inserts the club, waiting for activation, and answers its id and the operations' activation token. */
export const insertClub = async (tx: Transaction, ownerId: number, club: ClubForm) => {
  const addressId = await insertAddress(tx, club.address);
  const billingAddressId = club.billingAddress ? await insertAddress(tx, club.billingAddress) : null;
  const [row] = await tx
    .insert(clubs)
    .values({
      ownerId,
      name: club.name,
      seats: club.seats,
      addressId,
      billingAddressId,
      timeZone: club.timeZone || defaultTimeZone(club.address.country),
      brandId: club.brandId ?? null,
      salesAccountName: club.brandId ? (club.salesAccount?.name ?? null) : null,
      salesAccountLastName: club.brandId ? (club.salesAccount?.lastName ?? null) : null,
      companyName: club.companyName,
      vatNumber: club.vatNumber.replace(/\s+/g, '').toUpperCase(),
      displayEmail: club.displayEmail ?? null,
      displayPhone: club.displayPhone,
      website: club.website,
      facebook: club.facebook,
      instagram: club.instagram,
      whatsapp: club.whatsapp,
    })
    .returning({ id: clubs.id });
  const clubId = row!.id;
  const activationToken = await issueToken(tx, 'club_activation', { clubId });
  return { clubId, activationToken };
};

/** Asks the operations team to activate the new club. */
export const sendClubActivationRequest = async (
  app: FastifyInstance,
  club: ClubForm,
  owner: { name: string; lastName: string },
  token: string,
) =>
  app.mailer.send(
    clubActivationRequestEmail(
      app.config.mail.operationsEmail,
      { name: club.name, city: club.address.city, owner: `${owner.name} ${owner.lastName}` },
      `${app.config.publicUrl}/api/v1/clubs/activate?token=${encodeURIComponent(token)}`,
    ),
  );

/** Marks the club active and tells its owner; false when it was not waiting. */
export const activateClub = async (app: FastifyInstance, tx: Transaction, clubId: number) => {
  const [club] = await tx
    .update(clubs)
    .set({ status: 'active', activatedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(clubs.id, clubId), eq(clubs.status, 'pending')))
    .returning({ name: clubs.name, ownerId: clubs.ownerId });
  if (!club) return null;
  const [owner] = await tx.select().from(accounts).where(eq(accounts.id, club.ownerId));
  return owner
    ? clubActivatedEmail(
        owner.language === 'en' ? 'en' : 'it',
        owner.email,
        owner.name,
        club.name,
        `${app.config.publicUrl}/login`,
      )
    : null;
};
