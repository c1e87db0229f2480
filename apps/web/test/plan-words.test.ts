import { describe, expect, it } from 'vitest';
import { translatorsBeforeAll } from './translators.ts';

// The plan screen's words tell one story: cancelling stops the renewal, Smart stays until the end of the
// period, the renewal can be reactivated until then at no cost, then the club is Free (first menus
// served, the rest kept).

const translators = translatorsBeforeAll();

const values = { date: '12 marzo 2027', club: 'Pub Ancora', brand: 'Torrefazione', max: 2 };

describe('cancelling, in both languages', () => {
  it('never calls the cancellation final, and says Smart stays and can be reactivated until the date', () => {
    const expected = {
      it: {
        stays: 'Smart resta attivo fino al 12 marzo 2027',
        reactivate: 'riattivare il rinnovo senza costi',
      },
      en: { stays: 'Smart stays until 12 marzo 2027', reactivate: 'reactivate the renewal at no cost' },
    };
    for (const language of ['it', 'en'] as const) {
      const t = translators[language];
      const dialog = `${t('plan.cancel.renewal.what', values)} ${t('plan.cancel.renewal.after', values)}`;
      expect(dialog).not.toMatch(/definitiv|final/i);
      expect(dialog).toContain(expected[language].stays);
      expect(dialog).toContain(expected[language].reactivate);
      expect(dialog).toMatch(/Free/);
      expect(dialog).toMatch(/2 menu/);
    }
  });

  it('does not say the subscription renews by itself beside a cancelled renewal', () => {
    for (const language of ['it', 'en'] as const) {
      const t = translators[language];
      const card = `${t('plan.current.cancelledUntil', values)} ${t('plan.current.cancelledText', values)}`;
      expect(card).not.toMatch(/si rinnova da solo|renews by itself/);
      expect(card).toMatch(/riattivarlo senza costi|reactivate it at no cost/);
    }
  });

  it('says the same thing after Smart, wherever the club goes back to Free', () => {
    for (const language of ['it', 'en'] as const) {
      const t = translators[language];
      const kept = language === 'it' ? 'gli altri restano salvati' : 'the others stay saved';
      for (const key of [
        'plan.cancel.renewal.after',
        'plan.cancel.partner.after',
        'plan.cancel.now.after',
        'plan.current.cancelledText',
        'plan.current.partnerEnds',
      ])
        expect(t(key, values)).toContain(kept);
    }
  });
});
