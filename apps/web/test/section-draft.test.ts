import { describe, expect, it } from 'vitest';
import {
  sectionDraftOf,
  sectionDraftProblem,
  sectionSaveRequest,
} from '../src/features/menus/section-draft.ts';
import { category, categoryTranslation } from './menus-fixtures.ts';

const antipasti = category(4, [], {
  name: 'Antipasti',
  translations: { en: categoryTranslation('en', 'Starters') },
});

describe('the category dialog', () => {
  it('opens empty for a new category, and with the name and its translations for a rename', () => {
    expect(sectionDraftOf(null, ['en', 'de'])).toEqual({ name: '', translations: { en: '', de: '' } });
    expect(sectionDraftOf(antipasti, ['en', 'de'])).toEqual({
      name: 'Antipasti',
      translations: { en: 'Starters', de: '' },
    });
  });

  it('asks for a name, spaces alone not counting', () => {
    expect(sectionDraftProblem({ name: '   ', translations: {} }, null, [])).toBe('validation.required');
    expect(sectionDraftProblem({ name: 'Primi', translations: {} }, null, [])).toBeNull();
  });

  it('refuses a rename to the same name unless a translation changed', () => {
    const same = sectionDraftOf(antipasti, ['en']);
    expect(sectionDraftProblem({ ...same, name: ' Antipasti ' }, antipasti, ['en'])).toBe(
      'validation.nameUnchanged',
    );
    expect(
      sectionDraftProblem({ ...same, translations: { en: 'Appetizers' } }, antipasti, ['en']),
    ).toBeNull();
    expect(sectionDraftProblem({ ...same, name: 'Stuzzichini' }, antipasti, ['en'])).toBeNull();
  });
});

describe('saving the category dialog', () => {
  it('creates a category with its name and the translations typed, a blank one cleared', () => {
    expect(sectionSaveRequest(null, 'Primi', { en: ' First courses ', de: '  ' })).toEqual({
      name: 'Primi',
      translations: { en: { translatedName: 'First courses' }, de: null },
    });
  });

  it('sends the name of a renamed category only when it changed', () => {
    expect(sectionSaveRequest(antipasti, 'Antipasti', { en: 'Appetizers' })).toEqual({
      id: 4,
      translations: { en: { translatedName: 'Appetizers' } },
    });
    expect(sectionSaveRequest(antipasti, 'Stuzzichini', {})).toEqual({
      id: 4,
      name: 'Stuzzichini',
      translations: {},
    });
  });
});
