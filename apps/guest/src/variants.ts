import type { GuestItem } from '@carta/contract/guest';
import { variantName } from '@carta/contract/item-variants';
import type { Chrome } from './chrome.ts';
import { type Html, html } from './html.ts';
import type { GuestLanguage } from './messages.ts';
import { variantPrice } from './time-price.ts';

// A dish's variants as guests read them (docs/product.md, Menus, categories and items; decision 0085):
// under its name, one line each, "Calice …… 6,00 €", in place of the dish's own price.

/**
 * Drawn only on a page with variants. The dotted leader is the line's own box (`::after`), set between
 * the name and the price by `order`: no element of its own for screen readers to stumble on.
 */
export const VARIANT_STYLES =
  '.vars{list-style:none;margin:.15rem 0 .1rem;padding:0}.vars li{display:flex;align-items:baseline;gap:.5rem}.vars li:after{content:"";order:1;flex:1;min-width:1rem;border-bottom:1px dotted var(--divider,#e4dad3)}.vars .price{order:2}';

type VariantItem = Pick<GuestItem, 'variants' | 'timePrice'>;

/** The variants' lines, each name in the reading language; nothing for a dish without variants. */
export const variantList = (item: VariantItem, language: GuestLanguage, words: Chrome): Html | null =>
  item.variants.length > 0
    ? html`<ul class="vars">${item.variants.map(
        (variant) =>
          html`<li><span>${variantName(variant, language)}</span><span class="price">${variantPrice(variant.price, item, language, words)}</span></li>`,
      )}</ul>`
    : null;

/** The variants' names a search finds the dish by: as written and as read. */
export const variantSearchText = (item: Pick<GuestItem, 'variants'>, language: GuestLanguage) =>
  item.variants.flatMap((variant) => [variant.name, variantName(variant, language)]);

/** Whether a page shows variants, and so needs VARIANT_STYLES. */
export const hasVariants = (sections: readonly { items: readonly Pick<GuestItem, 'variants'>[] }[]) =>
  sections.some((section) => section.items.some((item) => item.variants.length > 0));
