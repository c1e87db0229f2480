import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Imports go one way (docs/architecture.md, Import boundaries): contract -> lib -> api -> components ->
// features -> app. A feature that reaches into another feature is the start of a tangle nobody can move or
// delete any more: what two features share goes up into api/ (endpoint clients) or components/ (screens'
// building blocks).

const sourceRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** The folder right under src/ a file belongs to; for a feature, the feature itself (`features/menus`). */
const areaOf = (file: string): string => {
  const [top = '', next = ''] = relative(sourceRoot, file).split(sep);
  if (top === 'features') return `features/${next}`;
  // main.tsx and the type declarations beside it start the app: they sit with the shell.
  return top.includes('.') ? 'app' : top;
};

/** Which areas each area may import from, besides npm packages and @carta/contract. */
const mayImport = (importer: string, target: string): boolean => {
  if (importer === target || importer === 'app') return true;
  if (importer.startsWith('features/')) return ['components', 'lib', 'api'].includes(target);
  if (importer === 'components') return ['lib', 'api'].includes(target);
  if (importer === 'api') return target === 'lib';
  if (importer === 'lib') return target === 'locales';
  return false;
};

/** Why `specifier` may not be imported from `file`, or null when it may. */
const boundaryViolation = (file: string, specifier: string): string | null => {
  if (!specifier.startsWith('.')) return null;
  const target = resolve(dirname(file), specifier);
  if (relative(sourceRoot, target).startsWith('..'))
    return 'reaches outside apps/web/src (import a workspace package by its name)';
  const [from, to] = [areaOf(file), areaOf(target)];
  return mayImport(from, to) ? null : `${from} may not import from ${to}`;
};

const sourceFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** Every import of a file, static or dynamic, with its line, as TypeScript itself reads them. */
const importsOf = (file: string) => {
  const text = readFileSync(file, 'utf8');
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.map(({ fileName, pos }) => ({
    specifier: fileName,
    line: text.slice(0, pos).split('\n').length,
  }));
};

describe('import boundaries of the owner app', () => {
  it('keep every import inside its layer: no feature imports another, shared code imports no feature', () => {
    const violations = sourceFiles(sourceRoot).flatMap((file) =>
      importsOf(file).flatMap(({ specifier, line }) => {
        const reason = boundaryViolation(file, specifier);
        return reason ? [`${relative(sourceRoot, file)}:${line} imports '${specifier}': ${reason}`] : [];
      }),
    );
    expect(violations).toEqual([]);
  });

  it('names a cross-feature import and an import of a feature from shared code', () => {
    const signup = join(sourceRoot, 'features/signup/signup-screen.tsx');
    expect(boundaryViolation(signup, '../clubs/api/create-club.ts')).toBe(
      'features/signup may not import from features/clubs',
    );
    expect(boundaryViolation(join(sourceRoot, 'lib/i18n.ts'), '../features/admin/admin-i18n.ts')).toBe(
      'lib may not import from features/admin',
    );
    expect(boundaryViolation(join(sourceRoot, 'components/x.tsx'), '../features/menus/y.ts')).not.toBeNull();
    expect(boundaryViolation(signup, '../../api/create-club.ts')).toBeNull();
    expect(boundaryViolation(join(sourceRoot, 'app/router.tsx'), '../features/menus/y.ts')).toBeNull();
  });
});
