import type { MenuItem } from '@carta/contract/entities';
import { ATTENTION_TONE, QUIET_TONE } from './tones.ts';

/** The four states an owner switches on a dish from its row: each is off for a dish as it is created. */
export const ITEM_STATES = ['disabled', 'outOfStock', 'bestSeller', 'suggested'] as const;
export type ItemState = (typeof ITEM_STATES)[number];

/**
 * How each state's chip looks: hidden in grey and sold out in amber, filled; the two labels guests see,
 * outlined in the theme's colours. Every pair reads at 4.5:1 and more.
 */
export const ITEM_STATE_LOOK: Record<ItemState, { color: string; background: string; border: string }> = {
  disabled: { ...QUIET_TONE, border: QUIET_TONE.background },
  outOfStock: { ...ATTENTION_TONE, border: ATTENTION_TONE.background },
  bestSeller: { color: 'primary.main', background: 'background.paper', border: 'primary.main' },
  suggested: { color: 'secondary.main', background: 'background.paper', border: 'secondary.main' },
};

/**
 * The states a dish's row shows: only those that differ from a new dish's (all off), most telling
 * first: hidden from guests, then sold out, then the labels. A dish as it was created shows none.
 */
export const shownItemStates = (item: Pick<MenuItem, ItemState>): ItemState[] =>
  ITEM_STATES.filter((state) => item[state]);

/** The dishes with one state set, `ids` only: what their rows show before the server answers. */
export const withItemState = <Item extends { id: number } & Pick<MenuItem, ItemState>>(
  items: Item[],
  ids: readonly number[],
  state: ItemState,
  value: boolean,
): Item[] => items.map((item) => (ids.includes(item.id) ? { ...item, [state]: value } : item));

/** The request that sets one state on the dishes `ids`. */
export const itemStateChange = (ids: readonly number[], state: ItemState, value: boolean) => {
  const change: Partial<Record<ItemState, boolean>> = { [state]: value };
  return { items: ids.map((id) => ({ id, ...change })) };
};
