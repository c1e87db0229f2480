import type { MenuLanguage } from '@carta/contract/limits';
import type { TimePrice, TimePriceInput, TimePriceTargets } from '@carta/contract/time-prices';

// The price-by-time dialog's values and what they become (docs/product.md, Prices by time). Pure, so the
// unit tests read exactly what the dialog sends.

/** Categories are `s:<id>`, dishes `i:<id>`: one field picks either. */
export type TargetKey = `s:${number}` | `i:${number}` | '';

export type TimePriceFormValues = {
  target: TargetKey;
  label: string;
  labelTranslations: Partial<Record<MenuLanguage, string>>;
  days: number[];
  isAllDay: boolean;
  startTime: string;
  endTime: string;
  change: 'percent' | 'price';
  /** As typed: "30". */
  percentOff: string;
  /** As typed, the Italian or the English way: "4,50" or "4.50". */
  price: string;
};

/** One entry of the target picker: a whole category, or one of its dishes. */
export type TargetOption = {
  key: TargetKey;
  kind: 'section' | 'item';
  name: string;
  menuName: string;
  sectionName: string;
  /** A dish's usual price (null for a category, a price text or variants). */
  price: number | null;
  /** A category or a dish with variants takes a percentage only. */
  isPercentOnly: boolean;
  /** A dish whose price shows what a percentage makes: the dish itself, or a category's first priced one. */
  example: { name: string; price: number } | null;
};

type TargetItem = TimePriceTargets[number]['sections'][number]['items'][number];

/** The first dish with a price of its own (no variants), to show what a percentage makes. */
const exampleOf = (items: readonly TargetItem[]) => {
  const priced = items.find((item) => item.price !== null && !item.hasVariants);
  return priced && priced.price !== null ? { name: priced.name, price: priced.price } : null;
};

/** Every category of every menu, each followed by its dishes, in the menus' order. */
export const targetOptions = (menus: TimePriceTargets): TargetOption[] =>
  menus.flatMap((menu) =>
    menu.sections.flatMap((section) => [
      {
        key: `s:${section.id}` as const,
        kind: 'section' as const,
        name: section.name,
        menuName: menu.name,
        sectionName: section.name,
        price: null,
        isPercentOnly: true,
        example: exampleOf(section.items),
      },
      ...section.items.map((item) => ({
        key: `i:${item.id}` as const,
        kind: 'item' as const,
        name: item.name,
        menuName: menu.name,
        sectionName: section.name,
        price: item.hasVariants ? null : item.price,
        isPercentOnly: item.hasVariants,
        example: exampleOf([item]),
      })),
    ]),
  );

const keyOf = (rule: Pick<TimePrice, 'itemId' | 'sectionId'>): TargetKey =>
  rule.itemId !== null ? `i:${rule.itemId}` : rule.sectionId !== null ? `s:${rule.sectionId}` : '';

/** A price as its field shows it: a decimal comma in Italian. */
const typedOf = (value: number | null, language: string) =>
  value === null ? '' : String(value).replace('.', language === 'it' ? ',' : '.');

/** The dialog as it opens: the rule as saved, or a new happy hour on weekday evenings. */
export const formValuesOf = (
  rule: TimePrice | null,
  languages: readonly MenuLanguage[],
  language: string,
): TimePriceFormValues => ({
  target: rule ? keyOf(rule) : '',
  label: rule?.label ?? '',
  labelTranslations: Object.fromEntries(languages.map((code) => [code, rule?.labelTranslations[code] ?? ''])),
  days: rule?.days ?? [1, 2, 3, 4, 5],
  isAllDay: rule ? rule.startTime === null : false,
  startTime: rule?.startTime ?? '18:00',
  endTime: rule?.endTime ?? '20:00',
  change: rule?.price !== null && rule?.price !== undefined ? 'price' : 'percent',
  percentOff: rule?.percentOff === null || rule?.percentOff === undefined ? '' : String(rule.percentOff),
  price: typedOf(rule?.price ?? null, language),
});

/** A typed number the Italian or the English way; blank is none, anything else a number (maybe NaN). */
const typedNumber = (text: string) => {
  const normalised = text.trim().replace(',', '.');
  return normalised === '' ? null : Number(normalised);
};

/** The request the dialog sends: the contract's schema checks it, here and on the server. */
export const requestOf = (values: TimePriceFormValues): TimePriceInput => {
  const [kind, id] = values.target.split(':');
  return {
    sectionId: kind === 's' ? Number(id) : null,
    itemId: kind === 'i' ? Number(id) : null,
    label: values.label,
    labelTranslations: values.labelTranslations,
    days: values.days,
    startTime: values.isAllDay ? null : values.startTime,
    endTime: values.isAllDay ? null : values.endTime,
    price: values.change === 'price' ? typedNumber(values.price) : null,
    percentOff: values.change === 'percent' ? typedNumber(values.percentOff) : null,
  };
};

/**
 * The dialog's field for an issue's path (without `body.`): the target for either id, the change's own
 * field (a missing change is asked where the owner types it), a translation by its language; null for a
 * path the dialog has no field for.
 */
export const fieldOfPath = (
  path: string,
  change: TimePriceFormValues['change'] = 'percent',
): keyof TimePriceFormValues | `labelTranslations.${string}` | null => {
  if (path === 'itemId' || path === 'sectionId') return 'target';
  if (path === 'price' || path === 'percentOff') return change === 'price' ? 'price' : 'percentOff';
  if (path.startsWith('labelTranslations.')) return path as `labelTranslations.${string}`;
  const fields = ['label', 'days', 'startTime', 'endTime'] as const;
  return fields.find((field) => field === path) ?? null;
};
