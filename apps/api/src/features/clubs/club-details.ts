import type { Address } from '@carta/contract/clubs';
import type { ClubDetails } from '@carta/contract/entities';
import type { GuestImage } from '@carta/contract/guest';
import { MENU_LANGUAGES, type MenuLanguage } from '@carta/contract/limits';
import { and, count, eq, inArray } from 'drizzle-orm';
import { type Executor, readTogether } from '../../db/client.ts';
import { brandOfClub, messageOfClub, subscriptionOfClub } from '../../db/club-columns.ts';
import {
  addresses,
  brands,
  clubMessages,
  clubs,
  clubTables,
  menuItems,
  menuSections,
  menus,
  storedFiles,
  subscriptions,
  themes,
} from '../../db/schema.ts';
import { firstOrThrow } from '../../lib/db-errors.ts';
import { describeImage, FILES_PATH } from '../images/images.ts';
import { clubPlan, clubState } from './plan.ts';

/** One line for guests: "Via Roma 1, 20121 Milano MI". */
export const formatAddress = (address: Pick<Address, 'line1' | 'postalCode' | 'city' | 'state'>) =>
  `${address.line1}, ${address.postalCode} ${address.city}${address.state ? ` ${address.state}` : ''}`;

/** The logo's URL and key, when the club has one stored. */
export const clubLogo = async (db: Executor, clubId: number, key: string | null) => {
  if (!key) return { logo: null, logoKey: null };
  const [file] = await db
    .select({ width: storedFiles.width, height: storedFiles.height, variants: storedFiles.variants })
    .from(storedFiles)
    .where(and(eq(storedFiles.clubId, clubId), eq(storedFiles.key, key)));
  if (!file) return { logo: null, logoKey: null };
  return { logo: describeImage(key, file.variants, file).url, logoKey: key };
};

/**
 * An image for the guest pages, from a stored image's key or its `/files/` address: every WebP width
 * it was stored in, for `srcset`. Any other address is drawn as it is.
 */
export const guestImage = async (
  db: Executor,
  clubId: number,
  keyOrUrl: string | null,
): Promise<GuestImage | null> => {
  if (!keyOrUrl) return null;
  const key =
    /^(img\/[0-9a-f]+)$/.exec(keyOrUrl)?.[1] ??
    new RegExp(`^${FILES_PATH}/(img/[0-9a-f]+)-\\d+\\.webp$`).exec(keyOrUrl)?.[1];
  if (!key) return { src: keyOrUrl, srcset: null };
  const [file] = await db
    .select({ width: storedFiles.width, height: storedFiles.height, variants: storedFiles.variants })
    .from(storedFiles)
    .where(and(eq(storedFiles.clubId, clubId), eq(storedFiles.key, key)));
  if (!file) return null;
  const image = describeImage(key, file.variants, file);
  return {
    src: image.variants[0]?.url ?? image.url,
    srcset: image.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ') || null,
  };
};

export const isMenuLanguage = (language: string): language is MenuLanguage =>
  (MENU_LANGUAGES as readonly string[]).includes(language);

const withoutOwner = <Row extends { clubId: number | null }>({ clubId: _clubId, ...rest }: Row) => rest;

/**
 * GET /clubs/{clubId}: the club with everything its owner's screens show, but the caller's role (the route
 * adds it). Null when it does not exist.
 */
export const loadClubDetails = async (
  db: Executor,
  clubId: number,
): Promise<Omit<ClubDetails, 'role'> | null> => {
  const [row] = await db
    .select({
      club: clubs,
      brand: brands,
      subscription: subscriptions,
      message: clubMessages,
      theme: themes,
    })
    .from(clubs)
    .leftJoin(brands, brandOfClub)
    .leftJoin(subscriptions, subscriptionOfClub)
    .leftJoin(clubMessages, messageOfClub)
    .leftJoin(themes, eq(themes.id, clubs.themeId))
    .where(eq(clubs.id, clubId));
  if (!row) return null;
  const { club } = row;
  const addressIds = [club.addressId, ...(club.billingAddressId ? [club.billingAddressId] : [])];
  const addressRows = await db.select().from(addresses).where(inArray(addresses.id, addressIds));
  const address = firstOrThrow(
    addressRows.filter((candidate) => candidate.id === club.addressId),
    'club address',
  );
  const billingAddress = addressRows.find((candidate) => candidate.id === club.billingAddressId) ?? null;

  // Called inside the write's transaction too, whose one connection takes one query at a time.
  const [[menuCount], [tableCount], [itemCount], logo] = await readTogether(db, [
    () => db.select({ value: count() }).from(menus).where(eq(menus.clubId, clubId)),
    () => db.select({ value: count() }).from(clubTables).where(eq(clubTables.clubId, clubId)),
    () =>
      db
        .select({ value: count() })
        .from(menuItems)
        .innerJoin(menuSections, eq(menuSections.id, menuItems.sectionId))
        .innerJoin(menus, eq(menus.id, menuSections.menuId))
        .where(eq(menus.clubId, clubId)),
    () => clubLogo(db, clubId, club.logo),
  ]);

  return {
    id: club.id,
    name: club.name,
    seats: club.seats,
    timeZone: club.timeZone,
    state: clubState(club),
    enabled: club.enabled,
    ...logo,
    address,
    clubAddress: formatAddress(address),
    displayEmail: club.displayEmail,
    displayPhone: club.displayPhone,
    facebook: club.facebook,
    instagram: club.instagram,
    website: club.website,
    whatsapp: club.whatsapp,
    bannerUpdateEnabled: club.bannerUpdateEnabled,
    callWaiterEnabled: club.callWaiterEnabled,
    menuLabelEnabled: club.menuLabelEnabled,
    pdfMenuEnabled: club.pdfMenuEnabled,
    translationsEnabled: club.translationsEnabled,
    itemPhotosEnabled: club.itemPhotosEnabled,
    theme: row.theme ? withoutOwner(row.theme) : null,
    message: row.message
      ? {
          id: row.message.id,
          severity: row.message.severity,
          summary: row.message.summary,
          fullMessage: row.message.fullMessage,
        }
      : null,
    companyName: club.companyName,
    vatNumber: club.vatNumber,
    billingAddress,
    sdiCode: club.sdiCode,
    pec: club.pec,
    fiscalCode: club.fiscalCode,
    vatCheck: club.vatCheck ?? null,
    googleReviewUrl: club.googleReviewUrl,
    bookingUrl: club.bookingUrl,
    deliveryUrl: club.deliveryUrl,
    wifiName: club.wifiName,
    wifiPassword: club.wifiPassword,
    brand: row.brand ? { id: row.brand.id, name: row.brand.name, enabled: row.brand.enabled } : null,
    salesAccount:
      club.salesAccountName || club.salesAccountLastName
        ? { name: club.salesAccountName, lastName: club.salesAccountLastName }
        : null,
    freeForever: club.freeForever,
    plan: clubPlan({ subscription: row.subscription }),
    menuLanguages: club.menuLanguages.filter(isMenuLanguage),
    counts: { menus: menuCount?.value ?? 0, tables: tableCount?.value ?? 0, items: itemCount?.value ?? 0 },
    createdAt: club.createdAt.toISOString(),
  };
};
