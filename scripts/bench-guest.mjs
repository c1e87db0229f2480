// npm run bench:guest: how fast the guest page and the public table call answer on a warm cache, as
// a browser asks for them (brotli or gzip), against a route that sends the same compressed bytes from
// memory (the upper bound), in the same run; and the same guest page when every request misses the
// in-memory cache, as most do at scale (docs/capacity.md).
//
// A miss here is the real work of one: each request asks for the page under an address no request asked
// for before (`?miss=<n>`, a query parameter the page ignores; kept pages are keyed by address), so the
// server reads the club's menu from the database, renders it and compresses it (brotli 10 and gzip 9,
// plugins/guest-cache.ts), as for a table nobody read this minute. The server's own CPU time per request
// (from /proc, user + system, every thread) is printed beside each figure.
//
// Starts the server on a free port with a fresh embedded database seeded by `npm run demo`; then, on
// PostgreSQL, a throwaway database carta_bench_guest_<pid> on the server TEST_DATABASE_URL (or
// --postgres=URL) names, else postgres://postgres@127.0.0.1:5432/test, skipped when nothing answers,
// dropped at the end. --pglite-only skips PostgreSQL. BENCH_CONNECTIONS (50), BENCH_SECONDS (10).
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import autocannon from 'autocannon';
import { createThrowawayDatabase, startDemoServer } from './demo-server.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const argument = (name) =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.slice(name.length + 3);

const headers = { 'accept-language': 'it-IT,it;q=0.9', 'accept-encoding': 'br, gzip' };
const guestPath = '/public/menu/1/1/1';
const tablePath = '/api/v1/clubs/1/menu/tables/1';

/** CPU seconds (user + system, all threads) the process has used so far; null off Linux. */
const cpuSecondsOf = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
};

/** Runs the server's bench on one database; answers nothing, prints its table. */
const benchOn = async (label, databaseUrl = '') => {
  const { base, pid, stop } = await startDemoServer({
    extraEnvironment: { CARTA_BENCH: '1' },
    databaseUrl,
  });
  try {
    /** The bytes that leave the server for one request (fetch would decode them). */
    const bytesSent = (url, acceptEncoding) =>
      new Promise((resolve, reject) => {
        request(url, { headers: { ...headers, 'accept-encoding': acceptEncoding } }, (response) => {
          let length = 0;
          response.on('data', (chunk) => {
            length += chunk.length;
          });
          response.on('end', () =>
            resolve({ length, encoding: response.headers['content-encoding'] ?? 'identity' }),
          );
        })
          .on('error', reject)
          .end();
      });

    const page = await fetch(`${base}${guestPath}`, {
      headers: { 'accept-language': headers['accept-language'] },
    });
    if (page.status !== 200) throw new Error(`The guest page answered ${page.status}`);
    const html = await page.text();
    // The page under a new address is the same page, not a notice or an error.
    const missed = await fetch(`${base}${guestPath}?miss=check`, {
      headers: { 'accept-language': headers['accept-language'] },
    });
    if (missed.status !== 200 || (await missed.text()) !== html)
      throw new Error('The guest page under a new address is not the same page');
    const json = await (await fetch(`${base}${tablePath}`)).text();
    // The upper bound for each route: its own bytes, sent from memory by the same server.
    for (const [name, body, type] of [
      ['page', html, 'text/html; charset=utf-8'],
      ['table', json, 'application/json; charset=utf-8'],
    ]) {
      await fetch(`${base}/__bench/echo/${name}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ body, type }),
      });
    }

    let missNumber = 0;
    const run = (url, seconds, { everyRequestMisses = false } = {}) =>
      new Promise((resolve, reject) => {
        const cpuBefore = cpuSecondsOf(pid);
        autocannon(
          {
            url: `${base}${url}`,
            connections,
            duration: seconds,
            headers,
            ...(everyRequestMisses
              ? {
                  requests: [
                    {
                      method: 'GET',
                      setupRequest: (current) => {
                        missNumber += 1;
                        return { ...current, path: `${url}?miss=${missNumber}` };
                      },
                    },
                  ],
                }
              : {}),
          },
          (error, result) => {
            if (error) return reject(error);
            const cpuAfter = cpuSecondsOf(pid);
            const answered = result.requests.total;
            resolve({
              rps: result.requests.average,
              p50: result.latency.p50,
              p99: result.latency.p99,
              errors: result.errors + result.non2xx,
              cpuMs:
                cpuBefore === null || cpuAfter === null || answered === 0
                  ? null
                  : ((cpuAfter - cpuBefore) * 1000) / answered,
            });
          },
        );
      });
    // A short warm-up, then the measure.
    const measure = async (url, options) => {
      await run(url, 2, options);
      return run(url, duration, options);
    };

    const sizes = [];
    for (const acceptEncoding of ['identity', 'gzip', 'br, gzip']) {
      const sent = await bytesSent(`${base}${guestPath}`, acceptEncoding);
      sizes.push(`${sent.encoding} ${(sent.length / 1024).toFixed(1)} KB`);
    }
    console.log(`\n━━ ${label}`);
    console.log(
      `${connections} connections, ${duration} s each, accept-encoding: br, gzip; the 80-dish menu page sent: ${sizes.join(', ')} (first TCP flight: 14 KB)\n`,
    );
    console.log(
      'route                                   req/s   p50 ms   p99 ms   errors   CPU ms/req   bound req/s   ratio',
    );
    const line = (name, result, bound) =>
      console.log(
        `${name.padEnd(37)} ${result.rps.toFixed(0).padStart(7)} ${String(result.p50).padStart(8)} ${String(result.p99).padStart(8)} ${String(result.errors).padStart(8)} ${(result.cpuMs === null ? 'n/a' : result.cpuMs.toFixed(2)).padStart(12)} ${(bound ? bound.rps.toFixed(0) : '-').padStart(13)}   ${bound ? (result.rps / bound.rps).toFixed(2) : '-'}`,
      );
    const pageBound = await measure('/__bench/echo/page');
    const hit = await measure(guestPath);
    line('guest menu page, cache hit', hit, pageBound);
    const miss = await measure(guestPath, { everyRequestMisses: true });
    line('guest menu page, every request a miss', miss, null);
    const tableBound = await measure('/__bench/echo/table');
    line('public table call (JSON), cache hit', await measure(tablePath), tableBound);
    console.log(
      `\nA miss costs ${(hit.rps / miss.rps).toFixed(0)}x a hit in requests/s` +
        (hit.cpuMs && miss.cpuMs
          ? ` and ${(miss.cpuMs / hit.cpuMs).toFixed(0)}x in server CPU per request.`
          : '.'),
    );
  } finally {
    stop();
  }
};

await benchOn('PGlite (embedded)');
if (!process.argv.includes('--pglite-only')) {
  const url =
    argument('postgres') ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const server = await createThrowawayDatabase(url, 'carta_bench_guest');
  if (!server) console.log(`\nPostgreSQL: nothing answers at ${new URL(url).host}, skipped`);
  else {
    try {
      await benchOn(`PostgreSQL (${new URL(url).host}, throwaway database)`, server.url);
    } finally {
      await server.drop();
    }
  }
}
console.log(
  '\nGoal on a warm cache: ratio at least 0.8, p99 under 25 ms at 50 connections, no errors. ' +
    'A miss has no goal yet: it sizes the fleet (docs/capacity.md).',
);
process.exit(0);
