// `npm run fuzz`: the full property-based fuzzing of the API (apps/api/test/fuzz.test.ts) on PGlite: 300
// hostile requests per operation of the OpenAPI document (FUZZ_RUNS to change), each sent as an owner and
// anonymously; then the totals. FUZZ_SEED replays a run (13 by default), FUZZ_OPERATION fuzzes one
// operation, FUZZ_SHRINK=1 shrinks a counterexample.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(tmpdir(), 'carta-fuzz-'));
const report = path.join(reports, 'fuzz.json');
const started = Date.now();

const result = spawnSync('npx', ['vitest', 'run', 'apps/api/test/fuzz.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    CARTA_TEST_DB: process.env.CARTA_TEST_DB ?? 'pglite',
    FUZZ_RUNS: process.env.FUZZ_RUNS ?? '300',
    FUZZ_REPORT: report,
  },
});

if (existsSync(report)) {
  const summary = JSON.parse(readFileSync(report, 'utf8'));
  const counts = Object.values(summary.perOperation);
  console.log('\n━━ Fuzzing totals');
  console.log(`seed                 ${summary.seed}`);
  console.log(`operations           ${summary.operations}`);
  console.log(`runs per operation   ${summary.runsPerOperation} (each sent as owner and anonymously)`);
  console.log(
    `requests             ${summary.requests} (${Math.min(...counts)} to ${Math.max(...counts)} per operation)`,
  );
  console.log(`server errors (5xx)  ${summary.serverErrors}`);
  console.log(`statuses             ${JSON.stringify(summary.statuses)}`);
  console.log(`slowest answer       ${summary.slowest}`);
  console.log(`time                 ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
rmSync(reports, { recursive: true, force: true });
process.exit(result.status ?? 1);
