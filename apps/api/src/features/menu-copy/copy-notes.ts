import { MENU_LANGUAGES, MENU_ORIGINAL_LANGUAGE, type MenuLanguage } from '@carta/contract/limits';
import type { MenuCopyNote } from '@carta/contract/menu-copy';

/** What a copy to another club finds before it writes: the source menu's and the target club's facts. */
export type CopyFacts = {
  /** Whether the source menu is shown to guests. */
  isEnabled: boolean;
  /** The zone of each of the source's schedules (null: every zone) and whether the target has one so named. */
  schedules: { zone: string | null; isMatched: boolean }[];
  /** The source's theme when it is a club's own theme the target cannot use. */
  unsharedThemeName: string | null;
  /** The languages the source's texts are translated into (any of them, however few). */
  translatedLanguages: string[];
  /** The languages the target's guests read: its menu languages, none when translations are off. */
  targetLanguages: string[];
  hasBanner: boolean;
  /** Whether the target's guests see banners: Smart with promotion banners switched on. */
  targetShowsBanners: boolean;
  /** Prices by time left out because the target club could not take them all. */
  timePricesLeftOut: number;
};

/**
 * Whether the copy is shown to guests: as the source is, except when every schedule the source has was
 * left out, which would make the copy always on where the source is on at given times only (0089).
 */
export const copyIsEnabled = ({ isEnabled, schedules }: Pick<CopyFacts, 'isEnabled' | 'schedules'>) =>
  isEnabled && !(schedules.length > 0 && schedules.every((schedule) => !schedule.isMatched));

const byMenuLanguageOrder = (languages: string[]) =>
  MENU_LANGUAGES.filter((language: MenuLanguage) => languages.includes(language));

/** What the copy could not take as it was, in the order the owner app lists them (MENU_COPY_NOTES). */
export const copyNotes = (facts: CopyFacts): MenuCopyNote[] => {
  const notes: MenuCopyNote[] = [];
  const dropped = facts.schedules.filter((schedule) => !schedule.isMatched);
  if (dropped.length > 0) {
    const zones = [...new Set(dropped.map((schedule) => schedule.zone ?? ''))].filter(Boolean);
    notes.push({ key: 'schedulesDropped', values: { count: dropped.length, names: zones } });
    if (facts.isEnabled && !copyIsEnabled(facts)) notes.push({ key: 'hiddenWithoutSchedules', values: {} });
  }
  if (facts.unsharedThemeName !== null)
    notes.push({ key: 'themeNotShared', values: { names: [facts.unsharedThemeName] } });
  const notShown = byMenuLanguageOrder(
    facts.translatedLanguages.filter(
      (language) => language !== MENU_ORIGINAL_LANGUAGE && !facts.targetLanguages.includes(language),
    ),
  );
  if (notShown.length > 0) notes.push({ key: 'languagesNotOffered', values: { names: notShown } });
  if (facts.hasBanner && !facts.targetShowsBanners) notes.push({ key: 'bannerHidden', values: {} });
  if (facts.timePricesLeftOut > 0)
    notes.push({ key: 'timePricesLeftOut', values: { count: facts.timePricesLeftOut } });
  return notes;
};
