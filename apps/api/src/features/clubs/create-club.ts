import type { AccountFieldsSchema } from '@carta/contract/accounts';
import type { ClubFormSchema } from '@carta/contract/clubs';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Transaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createAccount } from '../accounts/accounts.ts';
import { consumeToken, issueToken } from '../accounts/one-time-tokens.ts';
import { defaultTimeZone, findCountry } from '../geography/geography.ts';
import { clubActivatedEmail, clubActivationRequestEmail } from '../mail/templates.ts';
import {
  findAccount,
  insertAddress,
  insertClubRow,
  isBrandEnabled,
  markClubActive,
  ownerName,
} from './club-store.ts';
import { isValidVatNumber } from './vat.ts';

type ClubForm = z.output<typeof ClubFormSchema>;
type AccountFields = z.output<typeof AccountFieldsSchema>;

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
  if (club.brandId && !(await isBrandEnabled(app.db, club.brandId)))
    issues.push({ path: `${path}.brandId`, key: 'validation.invalid' });
  if (issues.length > 0) throw new AppError(400, 'VALIDATION_ERROR', { issues });
  const billingCountry = club.billingAddress?.country ?? club.address.country;
  if (!isValidVatNumber(club.vatNumber, billingCountry)) {
    throw new AppError(400, 'VAT_INVALID', {
      issues: [{ path: `${path}.vatNumber`, key: 'errors.VAT_INVALID' }],
    });
  }
};

/** Inserts the club, waiting for activation, and answers its id and the operations' activation token. */
export const insertClub = async (tx: Transaction, ownerId: number, club: ClubForm) => {
  const addressId = await insertAddress(tx, club.address);
  const billingAddressId = club.billingAddress ? await insertAddress(tx, club.billingAddress) : null;
  const clubId = await insertClubRow(tx, {
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
  });
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
  const club = await markClubActive(tx, clubId);
  if (!club) return null;
  const owner = await findAccount(tx, club.ownerId);
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

/**
 * Saves a new club of the caller (`ownerId`) or, at sign-up, of the new `account` saved with it, in one
 * transaction; answers what the emails need, which the caller sends once everything is saved.
 */
export const saveNewClub = (
  app: FastifyInstance,
  club: ClubForm,
  owner: { account: AccountFields } | { ownerId: number | undefined },
) =>
  app.db.transaction(async (tx) => {
    const newAccount = 'account' in owner ? await createAccount(app, tx, owner.account) : null;
    const ownerId = newAccount?.accountId ?? ('ownerId' in owner ? owner.ownerId : undefined);
    if (ownerId === undefined) throw new AppError(401, 'UNAUTHORIZED');
    const ownerNames = await ownerName(tx, ownerId);
    const { clubId, activationToken } = await insertClub(tx, ownerId, club);
    return { clubId, activationToken, owner: ownerNames, newAccount };
  });

/**
 * Activates the club the operations email's link names: undefined when the link is not good, else the
 * owner's email to send once committed (null when the club was not waiting).
 */
export const activateClubWithLink = (app: FastifyInstance, token: string) =>
  app.db.transaction(async (tx) => {
    const target = await consumeToken(tx, 'club_activation', token);
    if (!target?.clubId) return undefined;
    return activateClub(app, tx, target.clubId);
  });
