// npm run lighthouse:guest: Lighthouse 12 with Debian's Chromium on the demo's 80-dish guest page, mobile
// settings, three runs; prints the median performance, accessibility and best-practices scores.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startDemoServer } from './demo-server.mjs';

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const { base, stop } = await startDemoServer();

const url = `${base}/public/menu/1/1/1?lang=it`;
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const scores = [];
try {
  for (let run = 1; run <= runs; run += 1) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      formFactor: 'mobile',
    });
    const { categories, audits } = result.lhr;
    const score = {
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      bestPractices: Math.round(categories['best-practices'].score * 100),
      lcp: audits['largest-contentful-paint'].displayValue,
    };
    const failed = Object.values(audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
      .map((audit) => audit.id);
    console.log(
      `run ${run}: performance ${score.performance}, accessibility ${score.accessibility}, best practices ${score.bestPractices}, LCP ${score.lcp}${failed.length ? `; not passed: ${failed.join(', ')}` : ''}`,
    );
    if (process.env.LIGHTHOUSE_DETAILS)
      for (const id of failed)
        for (const item of audits[id].details?.items ?? [])
          console.log(`  ${id}: ${item.node?.snippet ?? JSON.stringify(item).slice(0, 160)}`);
    scores.push(score);
  }
} finally {
  await chrome.kill();
}
const median = (key) =>
  scores.map((score) => score[key]).sort((a, b) => a - b)[Math.floor(scores.length / 2)];
console.log(
  `\nMedian of ${runs} (mobile, simulated slow 4G): performance ${median('performance')}, accessibility ${median('accessibility')}, best practices ${median('bestPractices')}`,
);
console.log('Goal: performance at least 95, accessibility 100.');
stop();
process.exit(0);
