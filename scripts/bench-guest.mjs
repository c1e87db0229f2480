// npm run bench:guest: how fast the guest page and the public table call answer on a warm cache, as
// a browser asks for them (brotli or gzip), against a route that sends the same compressed bytes from
// memory (the upper bound), in the same run.
// Starts the server on a free port with a fresh embedded database seeded by `npm run demo`.
import { request } from 'node:http';
import autocannon from 'autocannon';
import { startDemoServer } from './demo-server.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 10);

const { base, stop } = await startDemoServer({ extraEnvironment: { CARTA_BENCH: '1' } });

const headers = { 'accept-language': 'it-IT,it;q=0.9', 'accept-encoding': 'br, gzip' };

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

const guestPath = '/public/menu/1/1/1';
const page = await fetch(`${base}${guestPath}`, {
  headers: { 'accept-language': headers['accept-language'] },
});
if (page.status !== 200) throw new Error(`The guest page answered ${page.status}`);
const html = await page.text();
const tablePath = '/api/v1/clubs/1/menu/tables/1';
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

const run = (url, seconds) =>
  new Promise((resolve, reject) => {
    autocannon({ url: `${base}${url}`, connections, duration: seconds, headers }, (error, result) => {
      if (error) return reject(error);
      resolve({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
      });
    });
  });
// A short warm-up, then the measure.
const measure = async (url) => {
  await run(url, 2);
  return run(url, duration);
};

const sizes = [];
for (const acceptEncoding of ['identity', 'gzip', 'br, gzip']) {
  const sent = await bytesSent(`${base}${guestPath}`, acceptEncoding);
  sizes.push(`${sent.encoding} ${(sent.length / 1024).toFixed(1)} KB`);
}
console.log(
  `\n${connections} connections, ${duration} s each, accept-encoding: br, gzip; the 80-dish menu page sent: ${sizes.join(', ')} (first TCP flight: 14 KB)\n`,
);
console.log('route                           req/s   p50 ms   p99 ms   errors   bound req/s   ratio');
for (const [name, url, boundUrl] of [
  ['guest menu page (80 dishes)', guestPath, '/__bench/echo/page'],
  ['public table call (JSON)', tablePath, '/__bench/echo/table'],
]) {
  const bound = await measure(boundUrl);
  const result = await measure(url);
  console.log(
    `${name.padEnd(29)} ${result.rps.toFixed(0).padStart(7)} ${String(result.p50).padStart(8)} ${String(result.p99).padStart(8)} ${String(result.errors).padStart(8)} ${bound.rps.toFixed(0).padStart(13)}   ${(result.rps / bound.rps).toFixed(2)}`,
  );
}
console.log('\nGoal on a warm cache: ratio at least 0.8, p99 under 25 ms at 50 connections, no errors.');
stop();
process.exit(0);
