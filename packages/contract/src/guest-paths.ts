// The addresses of the guest pages. The table's address is printed in every QR code on every table:
// it must never change, so it is built here and nowhere else (the tests pin it as text).

type PathPart = number | string;

const TABLE_PAGES = '/public/qrcodemenu';
const MENU_PAGES = '/public/menu';
const WAITER_FORMS = '/public/waiter';
const WIFI_PAGES = '/public/wifi';

/** A table's page, where its QR code leads: the table's menus now. */
export const guestTablePath = (clubId: PathPart, tableId: PathPart) => `${TABLE_PAGES}/${clubId}/${tableId}`;

/** One menu as read at a table. */
export const guestMenuPath = (clubId: PathPart, tableId: PathPart, menuId: PathPart) =>
  `${MENU_PAGES}/${clubId}/${tableId}/${menuId}`;

/** One menu as read at a table, as a printable PDF (`?lang=`). */
export const guestMenuPdfPath = (clubId: PathPart, tableId: PathPart, menuId: PathPart) =>
  `${guestMenuPath(clubId, tableId, menuId)}/pdf`;

/** Where a page read without JavaScript sends its call-waiter form. */
export const guestWaiterPath = (clubId: PathPart, tableId: PathPart) =>
  `${WAITER_FORMS}/${clubId}/${tableId}`;

/** The club's Wi-Fi for a page read without JavaScript: never kept, never indexed (0087). */
export const guestWifiPath = (clubId: PathPart, tableId: PathPart) => `${WIFI_PAGES}/${clubId}/${tableId}`;

/** A table's or a menu's page: what the service worker keeps a copy of. */
export const isGuestPagePath = (pathname: string) =>
  (pathname.startsWith(`${MENU_PAGES}/`) && !pathname.endsWith('/pdf')) ||
  pathname.startsWith(`${TABLE_PAGES}/`);
