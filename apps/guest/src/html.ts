// Guest pages are written as strings, not through a framework: a menu of 80 dishes renders in a
// fraction of a millisecond, and a page can leave holes ("slots") for what differs from one table to
// the next, so one render serves every table of a club (docs/decisions/0061-guest-pages-rendered-once.md).

/** What tells one table's copy of a page from another's: filled in at each request. */
export type TableBits = { tableId: number; tableName: string };

/** A value that depends on the table: its text is escaped when it is filled in. */
export type Slot = (table: TableBits) => string;

/** A text or attribute value known now, or one that depends on the table. */
export type Text = string | Slot;

/** Markup: safe HTML strings and the slots between them. */
export class Html {
  constructor(readonly parts: readonly (string | Slot)[]) {}
}

type Value = Html | string | number | Slot | null | undefined | false | true | readonly Value[];

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

/** Text made safe for an element's content and for a quoted attribute's value. */
const NEEDS_ESCAPING = /[&<>"']/;
export const escapeHtml = (text: string) =>
  NEEDS_ESCAPING.test(text) ? text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? '') : text;

const append = (parts: (string | Slot)[], value: Value) => {
  if (value === null || value === undefined || value === false || value === true) return;
  if (value instanceof Html) parts.push(...value.parts);
  else if (typeof value === 'function') parts.push((table: TableBits) => escapeHtml(value(table)));
  else if (Array.isArray(value)) for (const each of value) append(parts, each);
  else parts.push(escapeHtml(String(value)));
};

/** Markup with its values escaped; a function value is a slot filled per table. */
export const html = (strings: TemplateStringsArray, ...values: Value[]): Html => {
  const parts: (string | Slot)[] = [];
  strings.forEach((string, index) => {
    parts.push(string);
    if (index < values.length) append(parts, values[index] as Value);
  });
  return new Html(parts);
};

/** HTML written by us (styles, a fixed icon): inserted as it is. */
export const raw = (text: string) => new Html([text]);

/** An attribute, left out when its value is null or undefined. */
export const attribute = (name: string, value: Text | number | null | undefined): Html =>
  value === null || value === undefined ? new Html([]) : html` ${raw(name)}="${value}"`;

/**
 * A page ready to serve: the strings every table shares, merged, and the slots between them. `shared`
 * has one more entry than `slots`: shared[0], slot[0], shared[1], ... shared[n].
 */
export type PreparedPage = { shared: string[]; slots: Slot[] };

export const prepare = (markup: Html): PreparedPage => {
  const shared = [''];
  const slots: Slot[] = [];
  for (const part of markup.parts) {
    if (typeof part === 'string') shared[shared.length - 1] += part;
    else {
      slots.push(part);
      shared.push('');
    }
  }
  return { shared, slots };
};

/** One table's values of the slots, in order. */
export const fillSlots = (page: PreparedPage, table: TableBits) => page.slots.map((slot) => slot(table));

/** The whole page for one table. */
export const pageFor = (page: PreparedPage, table: TableBits) => {
  const values = fillSlots(page, table);
  let text = page.shared[0] ?? '';
  values.forEach((value, index) => {
    text += value + (page.shared[index + 1] ?? '');
  });
  return text;
};

/** A page with no slot, as one string (notices, previews). */
export const renderHtml = (markup: Html) => {
  const prepared = prepare(markup);
  if (prepared.slots.length > 0) throw new Error('This page depends on a table: prepare it instead');
  return prepared.shared[0] ?? '';
};
