import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/lib/api-error.ts';
import { formPathOf, placeFailure } from '../src/lib/use-form-submit.ts';

const refused = (issues: { path: string; message: string }[], message = 'Controlla i campi.') =>
  new ApiError({
    status: 400,
    code: 'VALIDATION_ERROR',
    message,
    issues: issues.map((issue) => ({ ...issue, key: 'validation' })),
  });

describe('placeFailure', () => {
  it('puts each field issue on its field and says nothing more when they all have one', () => {
    const failure = placeFailure(
      refused([
        { path: 'body.name', message: 'Il nome è obbligatorio.' },
        { path: 'body.club.vatNumber', message: 'Partita IVA non valida.' },
      ]),
      (path) => path,
    );
    expect(failure).toEqual({
      fields: [
        { path: 'name', message: 'Il nome è obbligatorio.' },
        { path: 'club.vatNumber', message: 'Partita IVA non valida.' },
      ],
      message: null,
    });
  });

  it('shows the server message when an issue has no field in the form', () => {
    const failure = placeFailure(
      refused([
        { path: 'body.name', message: 'Il nome è obbligatorio.' },
        { path: 'body.secret', message: 'Non qui.' },
      ]),
      (path) => (path === 'name' ? path : null),
    );
    expect(failure.fields).toEqual([{ path: 'name', message: 'Il nome è obbligatorio.' }]);
    expect(failure.message).toEqual({ text: 'Controlla i campi.' });
  });

  it('shows the server message for a refusal without field issues', () => {
    expect(placeFailure(refused([], 'Nome già in uso.'), (path) => path)).toEqual({
      fields: [],
      message: { text: 'Nome già in uso.' },
    });
  });

  it('answers the generic message for a failure the user can do nothing about', () => {
    for (const error of [
      new ApiError({ status: 503, code: 'INTERNAL_ERROR', message: 'down' }),
      new ApiError({ status: 0, code: 'INTERNAL_ERROR', message: '' }),
      new Error('x'),
    ])
      expect(placeFailure(error, (path) => path)).toEqual({
        fields: [],
        message: { key: 'errors.GENERIC_TRY_LATER' },
      });
  });

  it('maps a field through fieldOf, so a form nested under a key receives it there', () => {
    const failure = placeFailure(
      refused([{ path: 'body.email', message: 'Email non valida.' }]),
      (path) => `club.${path}`,
    );
    expect(failure.fields).toEqual([{ path: 'club.email', message: 'Email non valida.' }]);
  });
});

describe('formPathOf', () => {
  it('drops the request body prefix only at the start', () => {
    expect(formPathOf('body.club.body.name')).toBe('club.body.name');
    expect(formPathOf('name')).toBe('name');
  });
});
