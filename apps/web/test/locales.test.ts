import { sharedMessages } from '@carta/contract/messages';
import { describe, expect, it } from 'vitest';
import english from '../src/locales/en.json' with { type: 'json' };
import italian from '../src/locales/it.json' with { type: 'json' };
import { FIRST_TEXT_GROUPS } from '../src/locales/text-groups.ts';

const keysOf = (node: unknown, prefix = ''): string[] =>
  typeof node === 'object' && node !== null
    ? Object.entries(node).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key))
    : [prefix];

describe('owner app catalogues', () => {
  it('have exactly the same keys in Italian and English', () => {
    expect(keysOf(italian).sort()).toEqual(keysOf(english).sort());
  });

  it('do not shadow the shared errors and validation messages', () => {
    const shared = Object.keys(sharedMessages.en);
    expect(Object.keys(english).filter((key) => shared.includes(key))).toEqual([]);
  });

  it('have no empty text', () => {
    for (const catalogue of [italian, english]) {
      const empty = keysOf(catalogue).filter((key) => {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty).toEqual([]);
    }
  });

  it("name only groups both catalogues have as the first visit's texts", () => {
    for (const group of FIRST_TEXT_GROUPS) {
      expect(Object.keys(italian)).toContain(group);
      expect(Object.keys(english)).toContain(group);
    }
  });
});
