import type { ItemVariant } from '@carta/contract/entities';
import { DEFAULT_CURRENCY, formatPrice } from '@carta/contract/format-price';

/**
 * "Calice 6,00 € · Bottiglia 28,00 €": a dish's variants as the owner wrote them, each with its price in
 * `language`'s format. Each part keeps together (no-break spaces); a long list breaks between parts.
 */
export const variantsSummary = (variants: readonly Pick<ItemVariant, 'name' | 'price'>[], language: string) =>
  variants
    .map(
      (variant) =>
        `${variant.name.replace(/ /g, '\u00a0')}\u00a0${formatPrice(variant.price, { language, currency: DEFAULT_CURRENCY })}`,
    )
    .join(' · ');
