import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Imports of the API go one way:
// - lib/ and db/ are the shared base (lib/audit.ts writes through db/, db/client.ts maps errors with lib/);
//   besides each other they import only config.ts, never a feature, a plugin or a route.
// - plugins/ import the base and config.ts, and a feature only through one of its public files.
// - A feature (features/<name>/, its subfolders included) imports its own files, the base, plugins/,
//   config.ts and @carta/contract; another feature only through a public file listed below, with the
//   reason it is shared. What two features share and neither owns goes into lib/ or db/ instead (db/
//   records.ts, db/club-columns.ts, lib/audit.ts).
// - app.ts, main.ts and routes/ (the pages served outside /api, which compose features) put the app
//   together: they may import any file.
// A new import across features either goes through a listed file or adds one here, with its reason.

const sourceRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** The files a feature offers the others, each with why another feature needs it. */
const PUBLIC_FILES: Record<string, string> = {
  'features/accounts/accounts.ts':
    'sign-up through POST /clubs creates the account and refuses a common password like POST /users',
  'features/accounts/one-time-tokens.ts': "the club activation link is a one-time token like the account's",
  'features/accounts/authenticator.ts': "support decides a lost authenticator's reset from the console",
  'features/accounts/credential-check.ts':
    "handing a club over asks for the owner's password again, counted like a failed login",
  'features/accounts/authenticator-reset-store.ts':
    'the console lists the reset requests waiting for support',
  'features/billing/billing-service.ts': "a console change to a club's plan ends like every plan change",
  'features/billing/subscription-actions.ts': 'the console grants sponsorships and early-adopter plans',
  'features/billing/subscription-store.ts':
    'the plan catalogue counts the clubs a plan still bills by the same Smart-now condition',
  'features/billing/payment-state.ts': "the console sums up a club's subscription as its owner sees it",
  'features/billing/club-payments-store.ts': "the console's refund screen lists a club's payments",
  'features/billing/refund-store.ts': 'an admin asks for a refund from the console',
  'features/billing/e-invoice/routes.ts': "the console's e-invoice routes live with the e-invoices",
  'features/billing/tax.ts': "a club's VAT check decides its tax treatment",
  'features/billing/vies.ts': "a club's VAT number is checked with VIES when saved",
  'features/clubs/plan.ts': "every Smart-only feature checks the club's plan",
  'features/clubs/club-details.ts':
    "menus and guest pages show the club's address, logo and menu languages as its owner's screens do",
  'features/clubs/create-club.ts':
    'confirming a sign-up asks operations to activate its club; the console activates one',
  'features/clubs/smart-settings.ts': 'a subscription that becomes Smart turns the Smart-only settings on',
  'features/clubs/vat.ts': 'the VAT number check billing relies on',
  'features/geography/geography.ts': "a club's address is checked against the known places",
  'features/guest/guest-view.ts':
    'the PDF menu prints what guests see; waiter calls come from a table guests can reach',
  'features/images/images.ts': 'every stored image is described, sized and deleted the same way',
  'features/images/image-store.ts': 'menus and imports keep their images through the image store',
  'features/images/incoming-sweep.ts': 'the uploads folder a banner takes its image from',
  'features/mail/templates.ts': 'the emails accounts, clubs and the console send',
  'features/mail/billing-emails.ts': 'the emails billing sends',
  'features/mail/refund-email.ts': 'the email of a refund',
  'features/mail/invitation-email.ts': "the email of an owner's invitation to join a club",
  'features/mail/mail-retries.ts': 'the retrying mailer the services plugin puts on the app (0056)',
  'features/members/invitations.ts':
    'a sign-up from an invitation link holds the invitation and joins the club once confirmed',
  'features/menus/menu-store.ts': 'banners, schedules, the PDF menu and guest pages read the menus',
  'features/menus/menu-writes.ts': 'an imported workbook is written like a menu typed in',
  'features/menus/translations.ts':
    'suggested translations fill the texts the translations overview lists, keyed the same way (0088)',
  'features/menus/menu-duplicate.ts': 'a menu copied to another club is copied like a duplicate (0089)',
};

/** The folder right under src/ a file belongs to; for a feature, the feature itself (`features/menus`). */
const areaOf = (file: string): string => {
  const [top = '', next = ''] = relative(sourceRoot, file).split(sep);
  if (top === 'features') return `features/${next}`;
  // app.ts, main.ts and config.ts stand on their own.
  return top;
};

const BASE = ['lib', 'db', 'config.ts'];
const COMPOSERS = ['app.ts', 'main.ts', 'routes'];

/** Why `specifier` may not be imported from `file`, or null when it may. */
const boundaryViolation = (file: string, specifier: string): string | null => {
  if (!specifier.startsWith('.')) return null;
  const target = resolve(dirname(file), specifier);
  const targetPath = relative(sourceRoot, target).split(sep).join('/');
  if (targetPath.startsWith('..'))
    return 'reaches outside apps/api/src (import a workspace package by its name)';
  const [from, to] = [areaOf(file), areaOf(target)];
  if (from === to || COMPOSERS.includes(from) || BASE.includes(to)) return null;
  if (BASE.includes(from)) return `${from} may not import from ${to}`;
  const isFeature = from.startsWith('features/');
  if (to === 'plugins' && isFeature) return null;
  if (to.startsWith('features/') && (isFeature || from === 'plugins'))
    return targetPath in PUBLIC_FILES
      ? null
      : `${from} may import from ${to} only its public files (${targetPath} is not one)`;
  return `${from} may not import from ${to}`;
};

const sourceFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) ? [path] : [];
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

describe('import boundaries of the API', () => {
  it('keep every import inside its layer: a feature reaches another only through a public file', () => {
    const violations = sourceFiles(sourceRoot).flatMap((file) =>
      importsOf(file).flatMap(({ specifier, line }) => {
        const reason = boundaryViolation(file, specifier);
        return reason ? [`${relative(sourceRoot, file)}:${line} imports '${specifier}': ${reason}`] : [];
      }),
    );
    expect(violations).toEqual([]);
  });

  it('lists only public files that exist', () => {
    const files = new Set(
      sourceFiles(sourceRoot).map((file) => relative(sourceRoot, file).split(sep).join('/')),
    );
    expect(Object.keys(PUBLIC_FILES).filter((file) => !files.has(file))).toEqual([]);
  });

  it('names a cross-feature import of a file that is not public, and shared code importing a feature', () => {
    const menus = join(sourceRoot, 'features/menus/menu-routes.ts');
    expect(boundaryViolation(menus, '../clubs/club-store.ts')).toBe(
      'features/menus may import from features/clubs only its public files (features/clubs/club-store.ts is not one)',
    );
    expect(boundaryViolation(menus, '../clubs/plan.ts')).toBeNull();
    expect(boundaryViolation(menus, '../../lib/audit.ts')).toBeNull();
    expect(boundaryViolation(menus, '../../plugins/auth.ts')).toBeNull();
    expect(boundaryViolation(join(sourceRoot, 'lib/audit.ts'), '../features/admin/audit-page.ts')).toBe(
      'lib may not import from features/admin',
    );
    expect(boundaryViolation(join(sourceRoot, 'db/client.ts'), '../plugins/database.ts')).toBe(
      'db may not import from plugins',
    );
    expect(
      boundaryViolation(join(sourceRoot, 'plugins/auth.ts'), '../features/accounts/sessions.ts'),
    ).not.toBeNull();
    expect(
      boundaryViolation(join(sourceRoot, 'features/billing/e-invoice/routes.ts'), '../tax.ts'),
    ).toBeNull();
    expect(boundaryViolation(join(sourceRoot, 'app.ts'), './features/menus/menu-routes.ts')).toBeNull();
    expect(
      boundaryViolation(join(sourceRoot, 'routes/guest-pages.ts'), '../features/guest/kept-views.ts'),
    ).toBeNull();
  });
});
