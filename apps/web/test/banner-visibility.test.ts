import { describe, expect, it } from 'vitest';
import {
  bannerVisibility,
  hiddenNoteKey,
  previewKeys,
  savedMessageKey,
} from '../src/features/banners/banner-visibility.ts';
import { translatorsBeforeAll } from './translators.ts';

const translators = translatorsBeforeAll();

const club = (isSmart: boolean, bannerUpdateEnabled: boolean) => ({
  plan: { kind: isSmart ? ('paid' as const) : ('free' as const), isSmart, expiresOn: null },
  bannerUpdateEnabled,
});

describe('what the banner screens say about who sees the banner', () => {
  it('follows the guest pages: shown on Smart when switched on, hidden otherwise', () => {
    expect(bannerVisibility(club(true, true))).toBe('shown');
    expect(bannerVisibility(club(false, true))).toBe('hiddenByPlan');
    expect(bannerVisibility(club(false, false))).toBe('hiddenByPlan');
    expect(bannerVisibility(club(true, false))).toBe('switchedOff');
  });

  it('never says a hidden banner is at the top of the menu', () => {
    for (const language of ['it', 'en'] as const) {
      const t = translators[language];
      for (const visibility of ['hiddenByPlan', 'switchedOff'] as const) {
        const texts = [
          t(savedMessageKey(visibility, true)),
          t(savedMessageKey(visibility, false)),
          t(previewKeys(visibility).title),
          t(previewKeys(visibility).label),
          t(hiddenNoteKey(visibility) ?? ''),
        ];
        for (const text of texts) {
          expect(text).not.toMatch(/in cima al menu|at the top of the menu|^banner\./);
          expect(text).toMatch(/nascost|vedranno|hidden|will see/i);
        }
      }
    }
    expect(translators.it(savedMessageKey('hiddenByPlan', true))).toBe(
      'Banner salvato: resta nascosto agli ospiti finché il locale non passa a Smart',
    );
  });

  it('says where a shown banner is, and adds no note under it', () => {
    expect(translators.it(savedMessageKey('shown', true))).toBe('Banner creato: ora è in cima al menu');
    expect(translators.it(savedMessageKey('shown', false))).toBe('Banner salvato');
    expect(previewKeys('shown')).toEqual({ title: 'banner.previewTitle', label: 'banner.previewLabel' });
    expect(hiddenNoteKey('shown')).toBeNull();
  });
});
