import type { InvitationPreview, Member } from '@carta/contract/members';
import { describe, expect, it } from 'vitest';
import english from '../src/features/members/locales/en.json' with { type: 'json' };
import italian from '../src/features/members/locales/it.json' with { type: 'json' };
import {
  contactOf,
  fullName,
  initialsOf,
  invitationViewOf,
  isChangeable,
  ownershipCandidates,
  sortedMembers,
} from '../src/features/members/member-list.ts';
import staffEnglish from '../src/features/staff/locales/en.json' with { type: 'json' };
import staffItalian from '../src/features/staff/locales/it.json' with { type: 'json' };

const member = (accountId: number, role: Member['role'], name: string, lastName = ''): Member => ({
  accountId,
  name,
  lastName,
  email: `${name.toLowerCase()}@example.com`,
  phone: '+393331234567',
  role,
  since: '2026-01-10T10:00:00.000Z',
});

const keysOf = (node: unknown, prefix = ''): string[] =>
  typeof node === 'object' && node !== null
    ? Object.entries(node).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key))
    : [prefix];

describe('the people screen', () => {
  it('lists the owner first, then managers, then staff, each by name', () => {
    const members = [
      member(4, 'staff', 'Zeno'),
      member(2, 'manager', 'Bruna'),
      member(3, 'staff', 'Anna'),
      member(1, 'owner', 'Marco'),
    ];
    expect(sortedMembers(members).map(({ accountId }) => accountId)).toEqual([1, 2, 3, 4]);
  });

  it('never offers to change or remove the owner, nor to hand the club to them', () => {
    const owner = member(1, 'owner', 'Marco');
    const waiter = member(2, 'staff', 'Anna');
    expect(isChangeable(owner)).toBe(false);
    expect(isChangeable(waiter)).toBe(true);
    expect(ownershipCandidates([owner, waiter])).toEqual([waiter]);
  });

  it('names people and whom an invitation went to', () => {
    expect(fullName(member(1, 'owner', 'Marco', 'Rossi'))).toBe('Marco Rossi');
    expect(initialsOf(member(1, 'owner', 'Marco', 'De Rossi'))).toBe('MR');
    expect(initialsOf(member(1, 'owner', 'anna'))).toBe('AN');
    expect(contactOf({ email: 'anna@example.com', phone: '+393331234567' })).toBe('anna@example.com');
    expect(contactOf({ email: null, phone: '+393331234567' })).toBe('+39 333 123 4567');
  });
});

describe("an invitation link's page", () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const preview = (
    status: InvitationPreview['status'],
    expiresAt = '2026-03-05T12:00:00Z',
  ): InvitationPreview => ({
    clubName: 'Trattoria da Gino',
    role: 'staff',
    status,
    expiresAt,
    email: 'anna@example.com',
  });

  it('waits for the preview, then shows an open invitation', () => {
    expect(invitationViewOf({ preview: undefined, errorStatus: undefined, now }).kind).toBe('loading');
    expect(invitationViewOf({ preview: preview('pending'), errorStatus: undefined, now }).kind).toBe('open');
  });

  it('says why an invitation can no longer be accepted', () => {
    for (const status of ['accepted', 'expired', 'withdrawn'] as const)
      expect(invitationViewOf({ preview: preview(status), errorStatus: undefined, now })).toEqual({
        kind: 'closed',
        status,
      });
    expect(
      invitationViewOf({ preview: preview('pending', '2026-03-01T11:59:00Z'), errorStatus: undefined, now }),
    ).toEqual({ kind: 'closed', status: 'expired' });
  });

  it('tells a wrong link from a failed connection', () => {
    expect(invitationViewOf({ preview: undefined, errorStatus: 404, now }).kind).toBe('notFound');
    expect(invitationViewOf({ preview: undefined, errorStatus: 400, now }).kind).toBe('notFound');
    expect(invitationViewOf({ preview: undefined, errorStatus: 0, now }).kind).toBe('failed');
    expect(invitationViewOf({ preview: undefined, errorStatus: 503, now }).kind).toBe('failed');
  });
});

describe('the people and staff texts', () => {
  it('have the same keys in Italian and English, none empty', () => {
    for (const [it, en] of [
      [italian, english],
      [staffItalian, staffEnglish],
    ]) {
      expect(keysOf(it).sort()).toEqual(keysOf(en).sort());
      for (const catalogue of [it, en])
        for (const key of keysOf(catalogue)) {
          const value = key
            .split('.')
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
          expect(typeof value === 'string' && value.trim() !== '', key).toBe(true);
        }
    }
  });
});
