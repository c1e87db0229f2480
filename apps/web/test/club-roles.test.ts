import { CLUB_ROLES, roleReaches } from '@carta/contract/members';
import { describe, expect, it } from 'vitest';
import { landingClub } from '../src/app/landing-club.ts';
import {
  can,
  clubPathRest,
  homeSectionOf,
  navigationOf,
  reaches,
  screenActionOf,
  sectionOf,
} from '../src/lib/club-roles.ts';

describe('what each role may do in the owner app', () => {
  it('orders the roles exactly as the contract does', () => {
    for (const role of CLUB_ROLES)
      for (const needed of CLUB_ROLES) expect(reaches(role, needed)).toBe(roleReaches(role, needed));
  });

  it('gives staff the calls, the stock and the tables to read, nothing else', () => {
    expect(can('staff', 'answerCalls')).toBe(true);
    expect(can('staff', 'markStock')).toBe(true);
    expect(can('staff', 'readTables')).toBe(true);
    expect(can('staff', 'readClub')).toBe(true);
    for (const action of [
      'editMenus',
      'editTables',
      'editClub',
      'managePlan',
      'managePeople',
      'deleteClub',
    ] as const)
      expect(can('staff', action)).toBe(false);
  });

  it('gives a manager everything but billing, people and deleting the club', () => {
    for (const action of ['answerCalls', 'markStock', 'editMenus', 'editTables', 'editClub'] as const)
      expect(can('manager', action)).toBe(true);
    for (const action of ['managePlan', 'managePeople', 'deleteClub'] as const)
      expect(can('manager', action)).toBe(false);
  });

  it('gives the owner everything, and an unknown role nothing', () => {
    expect(can('owner', 'deleteClub')).toBe(true);
    expect(can('owner', 'answerCalls')).toBe(true);
    expect(can(undefined, 'answerCalls')).toBe(false);
  });
});

describe('the role a club screen needs', () => {
  it('names the screens staff may open', () => {
    expect(screenActionOf('service')).toBe('answerCalls');
    expect(screenActionOf('qrcode')).toBe('readTables');
    expect(screenActionOf('notice')).toBe('readClub');
    expect(screenActionOf('profile/settings')).toBe('readClub');
  });

  it("keeps the owner's screens to the owner", () => {
    expect(screenActionOf('people')).toBe('managePeople');
    expect(screenActionOf('profile/plan')).toBe('managePlan');
    expect(screenActionOf('profile/billing')).toBe('managePlan');
    expect(screenActionOf('payment')).toBe('managePlan');
  });

  it('asks a manager for the board, the builder and any screen it does not know', () => {
    expect(screenActionOf('profile')).toBe('editClub');
    expect(screenActionOf('profile/contacts')).toBe('editClub');
    expect(screenActionOf('menu')).toBe('editMenus');
    expect(screenActionOf('menu/3/sections/4/items/new')).toBe('editMenus');
    expect(screenActionOf('time-prices')).toBe('editMenus');
  });

  it('reads the part of a club address below the club', () => {
    expect(clubPathRest('/clubs/7/menu/2')).toBe('menu/2');
    expect(clubPathRest('/clubs/7')).toBe('');
  });
});

describe('where a role starts and what its navigation shows', () => {
  it('starts staff on calls and stock, everyone else on the menus', () => {
    expect(homeSectionOf('staff')).toBe('service');
    expect(homeSectionOf('manager')).toBe('menu');
    expect(homeSectionOf('owner')).toBe('menu');
    expect(homeSectionOf(undefined)).toBe('menu');
  });

  it("keeps the owner's phone navigation as it was, and every entry within the role", () => {
    expect(navigationOf('owner', true)).toEqual(['menus', 'qrCodes', 'profile', 'plan']);
    expect(navigationOf('owner', false)).toEqual([
      'menus',
      'qrCodes',
      'service',
      'profile',
      'plan',
      'people',
    ]);
    expect(navigationOf('manager', true)).toEqual(['menus', 'qrCodes', 'service', 'profile']);
    expect(navigationOf('staff', true)).toEqual(['service', 'qrCodes']);
    for (const role of CLUB_ROLES)
      for (const isPhone of [true, false])
        expect(navigationOf(role, isPhone).length).toBeLessThanOrEqual(isPhone ? 4 : 6);
  });

  it('lights the entry a screen belongs to, or the board for people on a phone', () => {
    const phone = navigationOf('owner', true);
    expect(sectionOf('/clubs/1/menu/2/sections/3', phone)).toBe('menus');
    expect(sectionOf('/clubs/1/payment', phone)).toBe('plan');
    expect(sectionOf('/clubs/1/profile/contacts', phone)).toBe('profile');
    expect(sectionOf('/clubs/1/people', phone)).toBe('profile');
    expect(sectionOf('/clubs/1/service', phone)).toBe(false);
    expect(sectionOf('/clubs/1/people', navigationOf('owner', false))).toBe('people');
    expect(sectionOf('/clubs/1/service', navigationOf('staff', true))).toBe('service');
  });
});

describe('the club an account lands on', () => {
  it('is the first club it owns, even when it joined an older one', () => {
    const clubs = [
      { id: 2, role: 'staff' },
      { id: 9, role: 'owner' },
      { id: 5, role: 'owner' },
    ];
    expect(landingClub(clubs)?.id).toBe(5);
  });

  it('is the first club it joined when it owns none', () => {
    expect(
      landingClub([
        { id: 8, role: 'manager' },
        { id: 4, role: 'staff' },
      ])?.id,
    ).toBe(4);
  });
});
