import type { SubscriptionSummary } from '@carta/contract/payments';
import { describe, expect, it } from 'vitest';
import { subscriptionChip } from '../src/features/admin/subscription-summary.ts';
import { translatorsBeforeAll } from './translators.ts';

const translators = translatorsBeforeAll('admin');

/** The chip's words as the admin reads them ("12/03/2027" for the day). */
const chipText = (summary: Partial<SubscriptionSummary>, language: 'it' | 'en' = 'it') => {
  const t = translators[language];
  const chip = subscriptionChip(
    { status: 'freemium', isSmart: false, periodEnd: null, planMonths: null, ...summary },
    (day) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`,
  );
  const { period, ...options } = chip.options;
  const text = t(chip.key, {
    ...options,
    ...(typeof period === 'string' ? { period: t(period, { count: options.count }) } : {}),
  });
  return { text, color: chip.color };
};

describe("a venue's plan in the admin's list", () => {
  it('names a paying venue’s plan and until when it is paid', () => {
    const annual = { status: 'paid', isSmart: true, periodEnd: '2027-03-12', planMonths: 12 } as const;
    expect(chipText(annual)).toEqual({ text: 'Smart · annuale · fino al 12/03/2027', color: 'primary' });
    expect(chipText(annual, 'en').text).toBe('Smart · annual · until 12/03/2027');
    expect(chipText({ ...annual, planMonths: 1 }).text).toBe('Smart · mensile · fino al 12/03/2027');
  });

  it('tells Free, early adopters, partners, failed payments and cancelled renewals apart', () => {
    expect(chipText({})).toEqual({ text: 'Free', color: 'default' });
    expect(chipText({ status: 'earlyAdopter', isSmart: true }).text).toBe('Early adopter');
    expect(chipText({ status: 'partner', isSmart: true, periodEnd: '2026-09-01' }).text).toBe(
      'Partner fino al 01/09/2026',
    );
    expect(
      chipText({ status: 'paymentFailed', isSmart: true, periodEnd: '2026-09-01', planMonths: 1 }),
    ).toEqual({
      text: 'Pagamento non riuscito',
      color: 'error',
    });
    expect(
      chipText({ status: 'renewalCancelled', isSmart: true, periodEnd: '2026-09-01', planMonths: 1 }),
    ).toEqual({ text: 'Rinnovo annullato · Smart fino al 01/09/2026', color: 'warning' });
    expect(chipText({ status: 'paymentPending' }, 'en').text).toBe('First payment pending');
  });

  it('reads whole without a date or a plan length', () => {
    expect(chipText({ status: 'paid', isSmart: true }).text).toBe('Smart');
    expect(chipText({ status: 'partner', isSmart: true }).text).toBe('Partner');
    expect(chipText({ status: 'renewalCancelled', isSmart: true }, 'en').text).toBe('Renewal cancelled');
  });
});
