import { describe, expect, it } from 'vitest';
import { ClubGuestLinksSchema, wifiPasswordIssue } from '../src/club-links.ts';
import { UpdateClubRequestSchema } from '../src/clubs.ts';

// The links guests look for (docs/product.md, Club links).
describe('club links', () => {
  it('take https addresses only, trimmed; blank removes a link', () => {
    const link = ClubGuestLinksSchema.shape.bookingUrl;
    expect(link.parse('  https://www.thefork.it/r/blu ')).toBe('https://www.thefork.it/r/blu');
    expect(link.parse('')).toBeNull();
    for (const refused of ['http://thefork.it', 'javascript:alert(1)', 'https://localhost', 'https:// a.it'])
      expect(link.safeParse(refused).error?.issues[0]?.message, refused).toBe('validation.httpsUrl');
    expect(link.safeParse(`https://a.it/${'x'.repeat(500)}`).error?.issues[0]?.message).toBe(
      'validation.tooLong?max=500',
    );
  });

  it('leave out of a change what it does not name', () => {
    expect(UpdateClubRequestSchema.parse({ wifiName: ' Ospiti ' })).toEqual({ wifiName: 'Ospiti' });
    expect(UpdateClubRequestSchema.parse({ wifiPassword: '' })).toEqual({ wifiPassword: null });
  });

  it('refuse a Wi-Fi password without its network', () => {
    expect(wifiPasswordIssue({ wifiName: null, wifiPassword: 'segreta123' })).toBe(
      'validation.wifiNameRequired',
    );
    expect(wifiPasswordIssue({ wifiName: 'Ospiti', wifiPassword: 'segreta123' })).toBeNull();
    expect(wifiPasswordIssue({ wifiName: 'Ospiti', wifiPassword: null })).toBeNull();
    expect(wifiPasswordIssue({ wifiName: null, wifiPassword: null })).toBeNull();
  });
});
