import type { AccountFieldsSchema } from '@carta/contract/accounts';
import type { ClubFormSchema } from '@carta/contract/clubs';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.ts';
import { accounts, addresses, clubs } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { createAccount } from '../accounts/accounts.ts';
import { consumeToken, findToken, issueToken } from '../accounts/one-time-tokens.ts';
import { checkAddressPlace, defaultTimeZone, findCountry } from '../geography/geography.ts';
import { clubActivatedEmail, clubActivationRequestEmail } from '../mail/templates.ts';
import {
  findAccount,
  insertAddress,
  insertClubRow,
  isBrandEnabled,
  markClubActive,
  ownerName,
} from './club-store.ts';
import { clubState } from './plan.ts';
import { isValidVatNumber } from './vat.ts';
import { checkEInvoiceFields } from './vat-check.ts';

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
 * What the schema cannot check alone: countries exist, Italian provinces and comuni are ISTAT's, the brand
 * exists and is enabled, and the VAT number is valid for the billing country. `path` is where the club
 * sits in the request body. Answers the club with its places as ISTAT spells them.
 */
export const checkClubForm = async (
  app: FastifyInstance,
  club: ClubForm,
  path: string,
): Promise<ClubForm> => {
  const issues: { path: string; key: string }[] = [];
  if (!findCountry(club.address.country))
    issues.push({ path: `${path}.address.country`, key: 'validation.invalid' });
  if (club.billingAddress && !findCountry(club.billingAddress.country)) {
    issues.push({ path: `${path}.billingAddress.country`, key: 'validation.invalid' });
  }
  const address = checkAddressPlace(club.address, `${path}.address`, issues);
  const billingAddress =
    club.billingAddress && checkAddressPlace(club.billingAddress, `${path}.billingAddress`, issues);
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
  checkEInvoiceFields(club, billingCountry, path);
  return { ...club, address, billingAddress };
};

/** Inserts the club, waiting for activation, and answers its id. */
export const insertClub = async (tx: Transaction, ownerId: number, club: ClubForm) => {
  const addressId = await insertAddress(tx, club.address);
  const billingAddressId = club.billingAddress ? await insertAddress(tx, club.billingAddress) : null;
  return insertClubRow(tx, {
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
    sdiCode: club.sdiCode ?? null,
    pec: club.pec ?? null,
    fiscalCode: club.fiscalCode ?? null,
    displayEmail: club.displayEmail ?? null,
    displayPhone: club.displayPhone,
    website: club.website,
    facebook: club.facebook,
    instagram: club.instagram,
    whatsapp: club.whatsapp,
  });
};

/** The owner app's page the operations email links to (0053). */
export const CLUB_ACTIVATION_PAGE = '/club-activation';

/** The email asking the operations team to activate a new club, its link carrying `token`. */
const clubActivationRequest = (
  app: FastifyInstance,
  club: { name: string; city: string },
  owner: { name: string; lastName: string },
  token: string,
) =>
  clubActivationRequestEmail(
    app.config.mail.operationsEmail,
    { name: club.name, city: club.city, owner: `${owner.name} ${owner.lastName}` },
    `${app.config.publicUrl}${CLUB_ACTIVATION_PAGE}?token=${encodeURIComponent(token)}`,
  );

/**
 * The emails asking operations to activate the clubs of an owner whose sign-up was just confirmed (0066),
 * each with a new link; the caller sends them once its transaction has committed.
 */
export const clubActivationRequests = async (
  app: FastifyInstance,
  tx: Transaction,
  owner: { id: number; name: string; lastName: string },
) => {
  const waiting = await tx
    .select({ id: clubs.id, name: clubs.name, city: addresses.city })
    .from(clubs)
    .innerJoin(addresses, eq(addresses.id, clubs.addressId))
    .where(and(eq(clubs.ownerId, owner.id), eq(clubs.status, 'pending')))
    .orderBy(clubs.id);
  const emails = [];
  for (const club of waiting) {
    const token = await issueToken(tx, 'club_activation', { clubId: club.id });
    emails.push(clubActivationRequest(app, club, owner, token));
  }
  return emails;
};

/** Marks the club active and tells its owner; false when it was not waiting. */
export const activateClub = async (app: FastifyInstance, tx: Transaction, clubId: number) => {
  const club = await markClubActive(tx, clubId);
  if (!club) return null;
  const owner = await findAccount(tx, club.ownerId);
  return owner
    ? clubActivatedEmail(owner.language, owner.email, owner.name, club.name, `${app.config.publicUrl}/login`)
    : null;
};

/**
 * Saves a new club of the caller (`ownerId`) or, at sign-up, of the new `account` saved with it, in one
 * transaction. A caller's club answers the operations' activation email, which the caller sends once
 * everything is saved; a sign-up's answers the authenticator enrolment, and its emails wait for the first
 * code (`confirmSignUp`, 0066).
 */
export const saveNewClub = (
  app: FastifyInstance,
  club: ClubForm,
  owner: { account: AccountFields } | { ownerId: number | undefined },
) =>
  app.db.transaction(async (tx) => {
    if ('account' in owner) {
      const newAccount = await createAccount(app, tx, owner.account);
      const clubId = await insertClub(tx, newAccount.accountId, club);
      return { clubId, enrolment: newAccount.enrolment, email: null };
    }
    if (owner.ownerId === undefined) throw new AppError(401, 'UNAUTHORIZED');
    const ownerNames = await ownerName(tx, owner.ownerId);
    const clubId = await insertClub(tx, owner.ownerId, club);
    const token = await issueToken(tx, 'club_activation', { clubId });
    const email = clubActivationRequest(app, { name: club.name, city: club.address.city }, ownerNames, token);
    return { clubId, enrolment: null, email };
  });

/** The club an activation link names, as the operations page shows it. */
const loadActivationClub = async (db: Database | Transaction, clubId: number) => {
  const [row] = await db
    .select({
      clubId: clubs.id,
      clubName: clubs.name,
      city: addresses.city,
      ownerName: accounts.name,
      ownerLastName: accounts.lastName,
      status: clubs.status,
      enabled: clubs.enabled,
      activatedAt: clubs.activatedAt,
    })
    .from(clubs)
    .innerJoin(addresses, eq(addresses.id, clubs.addressId))
    .innerJoin(accounts, eq(accounts.id, clubs.ownerId))
    .where(eq(clubs.id, clubId));
  if (!row) return null;
  const { ownerName: name, ownerLastName: lastName, status, enabled, activatedAt, ...club } = row;
  return {
    ...club,
    owner: `${name} ${lastName}`,
    state: clubState({ status, enabled }),
    activatedAt: activatedAt?.toISOString() ?? null,
  };
};

/**
 * The club the operations email's link names, whether it still waits or not: null when the link is
 * unknown, or expired before it was used. Reading changes nothing (a mail scanner may follow it).
 */
export const readActivationLink = async (db: Database, token: string, now = new Date()) => {
  const link = await findToken(db, 'club_activation', token);
  if (!link?.clubId || (!link.usedAt && link.expiresAt <= now)) return null;
  return loadActivationClub(db, link.clubId);
};

/**
 * Activates the club the operations email's link names, in one transaction: `activated` with the
 * owner's email to send once committed, or `alreadyActive` when the link was used before or the club
 * no longer waits (activated from the console); null when the link is not good.
 */
export const activateClubWithLink = (app: FastifyInstance, token: string) =>
  app.db.transaction(async (tx) => {
    const target = await consumeToken(tx, 'club_activation', token);
    if (target?.clubId) {
      // Null when the club was not waiting any more.
      const email = await activateClub(app, tx, target.clubId);
      const club = await loadActivationClub(tx, target.clubId);
      if (!club) return null;
      // The link is the actor: no account clicks it, only whoever reads the operations address.
      if (email)
        await writeAudit(tx, null, {
          action: 'club.activate',
          target: { type: 'club', id: target.clubId },
          details: { from: 'pending', via: 'activationLink' },
        });
      return email
        ? { outcome: 'activated' as const, club, email }
        : { outcome: 'alreadyActive' as const, club, email: null };
    }
    // A second click: the link was used, so the club was activated by it.
    const used = await findToken(tx, 'club_activation', token);
    if (!used?.clubId || !used.usedAt) return null;
    const club = await loadActivationClub(tx, used.clubId);
    return club ? { outcome: 'alreadyActive' as const, club, email: null } : null;
  });
