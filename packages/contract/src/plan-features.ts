import type { ClubPlan, ClubSetting } from './clubs.ts';
import { FREE_PLAN_MAX_MENUS } from './limits.ts';

/**
 * What the Smart plan adds (docs/product.md, Plans). One list and one function, read by the API
 * (a Free club calling a Smart-only route gets 403 SMART_PLAN_REQUIRED), the owner app (the upgrade
 * prompt beside every Smart-only control) and the guest pages (what a Free club keeps stored but does not
 * show).
 */
export const PLAN_FEATURES = [
  /** Promotion and event banners on the guest pages. */
  'promotions',
  /** Importing a menu from an Excel workbook. */
  'excelImport',
  /** Promoting a sponsoring brand's products. */
  'promoteBrand',
  /** The club's own theme instead of a standard one. */
  'customTheme',
  /** The printable PDF of a menu. */
  'pdfMenu',
  /** More than FREE_PLAN_MAX_MENUS menus. */
  'unlimitedMenus',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/** Whether the club's plan allows a feature: today every Smart feature comes with every Smart plan. */
export const planAllows = (plan: Pick<ClubPlan, 'isSmart'>, _feature: PlanFeature): boolean => plan.isSmart;

/**
 * The menus a plan keeps from guests (stored, not served; 0048): none when it allows unlimited menus,
 * otherwise every enabled menu after the first FREE_PLAN_MAX_MENUS in the owner's order (position, then
 * id). Only enabled menus count, so an owner who switches one off still serves two.
 */
export const withheldMenuIds = (
  plan: Pick<ClubPlan, 'isSmart'>,
  menus: readonly { id: number; position: number; enabled: boolean }[],
): Set<number> =>
  planAllows(plan, 'unlimitedMenus')
    ? new Set()
    : new Set(
        menus
          .filter((menu) => menu.enabled)
          .toSorted((left, right) => left.position - right.position || left.id - right.id)
          .slice(FREE_PLAN_MAX_MENUS)
          .map((menu) => menu.id),
      );

/** Settings that switch on a Smart feature: switching one on needs the plan, switching it off never. */
export const SETTING_FEATURES: Partial<Record<ClubSetting, PlanFeature>> = {
  pdfMenuEnabled: 'pdfMenu',
  bannerUpdateEnabled: 'promotions',
};

/** Whether the plan lets the owner switch this setting on. */
export const planAllowsSetting = (plan: Pick<ClubPlan, 'isSmart'>, setting: ClubSetting): boolean => {
  const feature = SETTING_FEATURES[setting];
  return feature === undefined || planAllows(plan, feature);
};

/**
 * Characters of suggested translations a club may send to the translation provider in a calendar month
 * (UTC), by plan (docs/decisions/0088-suggested-translations.md): on Free enough to try it on a small menu in
 * one language, on Smart a few menus in every language.
 */
export const TRANSLATION_ALLOWANCE = { free: 5_000, smart: 100_000 } as const;

/** The monthly allowance of suggested characters of a club on `plan`. */
export const translationAllowance = (plan: Pick<ClubPlan, 'isSmart'>): number =>
  plan.isSmart ? TRANSLATION_ALLOWANCE.smart : TRANSLATION_ALLOWANCE.free;
