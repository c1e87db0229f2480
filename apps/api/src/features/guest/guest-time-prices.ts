import { type LocalMoment, localMoment } from '@carta/contract/availability';
import type { GuestMenu } from '@carta/contract/guest';
import type { GuestTimePrice } from '@carta/contract/guest-time-price';
import {
  priceInForceAt,
  type TimePriceRule,
  timePriceCovers,
  timePricesKey,
  untilOf,
} from '@carta/contract/price-in-force';

// Prices by time on the guest pages (docs/decisions/0086-prices-by-time.md): each dish's price in force
// now, and the part of a kept page's key that makes the page again exactly when a price starts or stops.

type Sections = GuestMenu['sections'];

/** A dish as the rules read it: whether it shows variants, whatever else the menu says of it. */
const pricedItem = (item: Sections[number]['items'][number], sectionId: number) => ({
  id: item.id,
  sectionId,
  price: item.price,
  hasVariants: item.variants.length > 0,
});

/** The sections with each dish's price in force at `moment` (`timePrice`), left out where none holds. */
export const withTimePrices = (
  sections: Sections,
  rules: readonly TimePriceRule[],
  moment: LocalMoment,
): Sections => {
  // Only the rules that hold now can win: the others are left out once, not once per dish.
  const holding = rules.filter((rule) => timePriceCovers(rule, moment));
  if (holding.length === 0) return sections;
  return sections.map((section) => ({
    ...section,
    items: section.items.map((item) => {
      const found = priceInForceAt(pricedItem(item, section.id), holding, moment);
      if (!found) return item;
      const timePrice: GuestTimePrice = {
        label: found.rule.label,
        labelTranslations: found.rule.labelTranslations,
        price: found.price,
        usualPrice: found.price === null ? null : item.price,
        percentOff: found.percentOff,
        until: untilOf(found.ends),
      };
      return { ...item, timePrice };
    }),
  }));
};

/** The club's wall clock now: what the rules are read at. */
export const clubMoment = (club: { timeZone: string }, now: Date) => localMoment(now, club.timeZone);

/** The last key worked out for a club's rules (the kept view's own list) and the minute it holds for. */
const keptKeys = new WeakMap<readonly TimePriceRule[], { minute: number; key: string }>();

/**
 * What a menu page kept for every table must name besides its data: the rules in force now and how their
 * ends read (`timePricesKey`). Empty when the club has none, so pages without prices by time keep their
 * keys. Rules move by the minute: worked out once a minute per kept list, not at every request.
 */
export const timePricesPageKey = (rules: readonly TimePriceRule[], club: { timeZone: string }, now: Date) => {
  if (rules.length === 0) return '';
  const minute = Math.floor(now.getTime() / 60_000);
  const kept = keptKeys.get(rules);
  if (kept?.minute === minute) return kept.key;
  const key = `|tp:${timePricesKey(rules, clubMoment(club, now))}`;
  keptKeys.set(rules, { minute, key });
  return key;
};
