import type { ClubRole } from '@carta/contract/members';

// What each role may do in the owner app (docs/product.md, Staff and roles): the screens ask `can`, the
// navigation and the club frame ask the same, and the API checks each route's least role on its own.

/**
 * Highest first, as CLUB_ROLES and roleReaches in @carta/contract/members (apps/web/test/club-roles.test.ts
 * holds the two together): that module brings zod, which the club frame's first load does without.
 */
const RANK: Record<ClubRole, number> = { owner: 0, manager: 1, staff: 2 };

/** The least role for each thing the app offers. */
const LEAST_ROLE = {
  /** Waiter calls: see and answer them. */
  answerCalls: 'staff',
  /** Dishes sold out and back. */
  markStock: 'staff',
  /** Tables and their QR codes, to read, download and print. */
  readTables: 'staff',
  /** The club's message from the platform, and one's own account settings. */
  readClub: 'staff',
  /** The menu builder: menus, categories, dishes, translations, banners, schedules, import. */
  editMenus: 'manager',
  /** Adding, renaming, moving and deleting tables and zones. */
  editTables: 'manager',
  /** The board, the club's details, contacts, switches and theme. */
  editClub: 'manager',
  /** Plan, payments and invoices. */
  managePlan: 'owner',
  /** Members, invitations and handing the club over. */
  managePeople: 'owner',
  deleteClub: 'owner',
} as const satisfies Record<string, ClubRole>;

export type ClubAction = keyof typeof LEAST_ROLE;

/** Whether `role` may do `action`; no role (not known yet, or not a member) may do nothing. */
export const can = (role: ClubRole | undefined, action: ClubAction): boolean =>
  role !== undefined && RANK[role] <= RANK[LEAST_ROLE[action]];

/** Whether `role` reaches `needed`, as the contract's roleReaches. */
export const reaches = (role: ClubRole, needed: ClubRole): boolean => RANK[role] <= RANK[needed];

/**
 * What a club screen needs, from its address below `/clubs/:clubId/` (`menu/3/sections/4`): a screen not
 * named here (the menu builder, and any new one) needs a manager.
 */
export const screenActionOf = (rest: string): ClubAction => {
  const [first = '', second = ''] = rest.split(/[/?#]/);
  if (first === 'service') return 'answerCalls';
  if (first === 'qrcode') return 'readTables';
  if (first === 'notice' || (first === 'profile' && second === 'settings')) return 'readClub';
  if (first === 'people') return 'managePeople';
  if (first === 'payment' || (first === 'profile' && (second === 'plan' || second === 'billing')))
    return 'managePlan';
  return first === 'profile' ? 'editClub' : 'editMenus';
};

/** The club's own address without `/clubs/:clubId/`: `/clubs/7/menu/2` is `menu/2`. */
export const clubPathRest = (pathname: string): string => pathname.split('/').slice(3).join('/');

export { homeSectionOf } from './home-section.ts';

/** The club navigation's entries. */
export type NavigationSection = 'service' | 'menus' | 'qrCodes' | 'profile' | 'plan' | 'people';

/**
 * The navigation a role sees. On a phone the bar at the bottom holds four entries at most: the owner's
 * stays as it always was (people and service are a tap away on the board), the others get service.
 */
export const navigationOf = (role: ClubRole | undefined, isPhone: boolean): NavigationSection[] => {
  if (role === 'staff') return ['service', 'qrCodes'];
  if (role === 'manager') return ['menus', 'qrCodes', 'service', 'profile'];
  return isPhone
    ? ['menus', 'qrCodes', 'profile', 'plan']
    : ['menus', 'qrCodes', 'service', 'profile', 'plan', 'people'];
};

/**
 * The entry a club address belongs to (/clubs/1/menu/2/sections/3 is still "Menus"), among those shown:
 * on a phone the people screen, reached from the board, lights the board's entry.
 */
export const sectionOf = (
  pathname: string,
  shown: readonly NavigationSection[],
): NavigationSection | false => {
  const [first = '', second = ''] = clubPathRest(pathname).split('/');
  let section: NavigationSection | false = false;
  if (first === 'menu') section = 'menus';
  else if (first === 'qrcode') section = 'qrCodes';
  else if (first === 'service') section = 'service';
  else if (first === 'people') section = 'people';
  else if (first === 'payment' || (first === 'profile' && (second === 'plan' || second === 'billing')))
    section = 'plan';
  else if (first === 'profile' || first === 'notice') section = 'profile';
  if (section === false || shown.includes(section)) return section;
  return section === 'people' && shown.includes('profile') ? 'profile' : false;
};
