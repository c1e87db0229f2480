// A small XML writer for FatturaPA files (docs/decisions/0062): elements and text only, every text
// escaped, absent children left out, two-space indentation.

export type XmlElement = {
  name: string;
  attributes?: Record<string, string>;
  children: XmlElement[];
  text?: string;
};

type Child = XmlElement | null | undefined | false;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text or an attribute value as XML: the five special characters as entities. */
export const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? '');

/** An element with children; null, undefined and false children are left out. */
export const element = (name: string, ...children: Child[]): XmlElement => ({
  name,
  children: children.filter((child): child is XmlElement => Boolean(child)),
});

/** An element holding text; null or undefined (or an empty text) leaves the element out. */
export const leaf = (name: string, text: string | null | undefined): XmlElement | null =>
  text === null || text === undefined || text === '' ? null : { name, children: [], text };

const serialize = (node: XmlElement, depth: number): string => {
  const indent = '  '.repeat(depth);
  const attributes = Object.entries(node.attributes ?? {})
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join('');
  if (node.text !== undefined)
    return `${indent}<${node.name}${attributes}>${escapeXml(node.text)}</${node.name}>`;
  if (node.children.length === 0) return `${indent}<${node.name}${attributes}/>`;
  const inner = node.children.map((child) => serialize(child, depth + 1)).join('\n');
  return `${indent}<${node.name}${attributes}>\n${inner}\n${indent}</${node.name}>`;
};

/** The document: declaration, then the root element. */
export const writeXml = (root: XmlElement) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${serialize(root, 0)}\n`;

// Latin-1 texts: FatturaPA's String…LatinType fields take Basic Latin and Latin-1 Supplement only.
const BEYOND_LATIN1: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
  œ: 'oe',
  Œ: 'OE',
  '€': 'EUR',
  '–': '-',
  '—': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
};

/**
 * A text as a Latin type allows it, at most `max` characters: letters beyond Latin-1 lose their accents
 * (ő → o, č → c), a few have a usual spelling (ł → l, € → EUR), anything else becomes `?`; line breaks and
 * tabs become spaces, runs of spaces one.
 */
export const latinText = (value: string, max: number) => {
  let latin = '';
  for (const character of value.normalize('NFC')) {
    if (character.charCodeAt(0) <= 0xff && character.length === 1) {
      // Control characters (C0 and C1) are not text.
      latin += /\p{Cc}/u.test(character) ? ' ' : character;
      continue;
    }
    const known = BEYOND_LATIN1[character];
    if (known) {
      latin += known;
      continue;
    }
    const base = character.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    latin += [...base].every((part) => part.charCodeAt(0) <= 0xff) ? base : '?';
  }
  return latin.replace(/\s+/g, ' ').trim().slice(0, max).trim();
};

/** Basic Latin (ASCII) only, for the fields whose type allows no more. */
export const asciiText = (value: string, max: number) =>
  latinText(value, max * 2)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?')
    .slice(0, max);
