import { wifiPasswordIssue } from '@carta/contract/club-links';
import {
  CLUB_SETTINGS,
  type UpdateClubRequestSchema,
  type UpdateClubSettingsRequestSchema,
} from '@carta/contract/clubs';
import { planAllowsSetting } from '@carta/contract/plan-features';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { checkAddressPlace, defaultTimeZone, findCountry } from '../geography/geography.ts';
import { loadClubDetails } from './club-details.ts';
import {
  deleteAddress,
  hasStoredImage,
  isThemeAvailable,
  loadAddress,
  lockClubRow,
  replaceAddress,
  updateClubRow,
} from './club-store.ts';
import { isTimeZone } from './create-club.ts';
import { recordSmartSettingChoices } from './smart-settings.ts';
import { isValidVatNumber } from './vat.ts';
import { checkEInvoiceFields } from './vat-check.ts';

type ClubChanges = z.output<typeof UpdateClubRequestSchema>;
type ClubSettings = z.output<typeof UpdateClubSettingsRequestSchema>;

/** The club with everything its owner's screens show; 404 when it does not exist. */
export const loadClubOrNotFound = async (db: Database | Transaction, clubId: number) => {
  const details = await loadClubDetails(db, clubId);
  if (!details) throw notFound();
  return details;
};

/**
 * Changes contacts, address, logo, social links and company data in one transaction, after checking
 * what the schema cannot: countries, time zone, the logo and theme belong to the club, and the VAT
 * number is valid in the billing country.
 */
export const updateClubProfile = (db: Database, clubId: number, requested: ClubChanges) =>
  db.transaction(async (tx) => {
    const club = await lockClubRow(tx, clubId);
    if (!club) throw notFound();
    const currentAddress = await loadAddress(tx, club.addressId);
    const currentBilling = club.billingAddressId ? await loadAddress(tx, club.billingAddressId) : undefined;

    const issues: { path: string; key: string }[] = [];
    if (requested.address && !findCountry(requested.address.country))
      issues.push({ path: 'body.address.country', key: 'validation.invalid' });
    if (requested.billingAddress && !findCountry(requested.billingAddress.country))
      issues.push({ path: 'body.billingAddress.country', key: 'validation.invalid' });
    // Italian places as ISTAT names them; an address whose place did not change stays as saved.
    const changes: ClubChanges = {
      ...requested,
      ...(requested.address
        ? { address: checkAddressPlace(requested.address, 'body.address', issues, currentAddress) }
        : {}),
      ...(requested.billingAddress
        ? {
            billingAddress: checkAddressPlace(
              requested.billingAddress,
              'body.billingAddress',
              issues,
              currentBilling,
            ),
          }
        : {}),
    };
    if (changes.timeZone && !isTimeZone(changes.timeZone))
      issues.push({ path: 'body.timeZone', key: 'validation.invalid' });
    // The Wi-Fi as it will be stored: a change may send one of the two and keep the other.
    const wifiIssue = wifiPasswordIssue({
      wifiName: changes.wifiName === undefined ? club.wifiName : changes.wifiName,
      wifiPassword: changes.wifiPassword === undefined ? club.wifiPassword : changes.wifiPassword,
    });
    if (wifiIssue) issues.push({ path: 'body.wifiPassword', key: wifiIssue });
    if (issues.length > 0) throw new AppError(400, 'VALIDATION_ERROR', { issues });

    if (changes.logo && !(await hasStoredImage(tx, clubId, changes.logo)))
      throw new AppError(400, 'IMAGE_NOT_FOUND', {
        issues: [{ path: 'body.logo', key: 'errors.IMAGE_NOT_FOUND' }],
      });

    if (changes.themeId && !(await isThemeAvailable(tx, clubId, changes.themeId)))
      throw new AppError(400, 'VALIDATION_ERROR', {
        issues: [{ path: 'body.themeId', key: 'validation.invalid' }],
      });

    // The VAT number is checked in the billing country, as at creation, whenever either changes.
    const billingCountry =
      changes.billingAddress === null
        ? (changes.address ?? currentAddress).country
        : (changes.billingAddress ?? currentBilling ?? changes.address ?? currentAddress).country;
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
    // The FatturaPA fields' rule, for the billing country they will apply to (0062).
    if (
      isVatAffected ||
      changes.sdiCode !== undefined ||
      changes.pec !== undefined ||
      changes.fiscalCode !== undefined
    ) {
      checkEInvoiceFields(
        {
          sdiCode: changes.sdiCode === undefined ? club.sdiCode : changes.sdiCode,
          pec: changes.pec === undefined ? club.pec : changes.pec,
          fiscalCode: changes.fiscalCode === undefined ? club.fiscalCode : changes.fiscalCode,
        },
        billingCountry,
        'body',
      );
    }

    if (changes.address) await replaceAddress(tx, club.addressId, changes.address);
    let billingAddressId = club.billingAddressId;
    if (changes.billingAddress) {
      billingAddressId = await replaceAddress(tx, club.billingAddressId, changes.billingAddress);
    }

    const { address, billingAddress, vatNumber: _vat, ...plain } = changes;
    await updateClubRow(tx, clubId, {
      ...plain,
      ...(changes.vatNumber !== undefined
        ? { vatNumber: changes.vatNumber.replace(/\s+/g, '').toUpperCase() }
        : {}),
      ...(changes.address &&
      changes.timeZone === undefined &&
      changes.address.country !== currentAddress.country
        ? { timeZone: defaultTimeZone(changes.address.country) }
        : {}),
      billingAddressId: billingAddress === null ? null : billingAddressId,
    });
    if (billingAddress === null && club.billingAddressId) await deleteAddress(tx, club.billingAddressId);
    return loadClubOrNotFound(tx, clubId);
  });

/** Switches the club on or off and its features; Smart-only ones need the Smart plan. */
export const updateClubSettings = (db: Database, clubId: number, settings: ClubSettings) =>
  db.transaction(async (tx) => {
    const details = await loadClubOrNotFound(tx, clubId);
    const needsSmart = CLUB_SETTINGS.filter(
      (name) => settings[name] === true && !planAllowsSetting(details.plan, name),
    );
    if (needsSmart.length > 0) {
      throw new AppError(403, 'SMART_PLAN_REQUIRED', {
        issues: needsSmart.map((name) => ({ path: `body.${name}`, key: 'errors.SMART_PLAN_REQUIRED' })),
      });
    }
    await updateClubRow(tx, clubId, settings);
    await recordSmartSettingChoices(tx, clubId, settings);
    return loadClubOrNotFound(tx, clubId);
  });
