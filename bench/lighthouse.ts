import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// @ts-expect-error: a plain ES module script without types
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { freePort, ROOT, startProcess, stopProcess } from './harness';

/**
 * `npm run lighthouse`: Lighthouse (phone settings) on the production build for the home, listing and
 * provider pages, with Debian's Chromium. Targets: performance >= 95, accessibility 100, best practices
 * >= 95, SEO >= 95, CLS <= 0.05. Results go to bench/RESULTS.md.
 */
const chromePath = [process.env.CHROME_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
if (!chromePath) {
  console.error('No Chromium: apt-get install -y chromium (or set CHROME_PATH)');
  process.exit(2);
}
buildIfNeeded();
const dataDir = mkdtempSync(path.join(tmpdir(), 'trillium-lighthouse-'));
const port = await freePort();
const server = await startProcess(
  'src/server/main.ts',
  { DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1' },
  port,
  '/api/health',
);
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

const pages = ['/', '/services', '/provider/1'];
const rows: string[] = [];
const failures: string[] = [];
try {
  for (const page of pages) {
    // One warm-up so the first run does not measure a cold server.
    await fetch(`http://127.0.0.1:${port}${page}`);
    const result = await lighthouse(`http://127.0.0.1:${port}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
    const { categories, audits } = result.lhr;
    if (result.lhr.runtimeError) console.log(`  ${page}: runtime error: ${result.lhr.runtimeError.message}`);
    // LIGHTHOUSE_JSON=/tmp/lh writes each full report, to see where the time goes.
    if (process.env.LIGHTHOUSE_JSON) {
      writeFileSync(
        `${process.env.LIGHTHOUSE_JSON}${page.replace(/\W+/g, '_')}.json`,
        JSON.stringify(result.lhr),
      );
    }
    const seconds = (key: string) => `${(Number(audits[key]?.numericValue ?? 0) / 1000).toFixed(2)} s`;
    const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
    const cls = Number(audits['cumulative-layout-shift']?.numericValue ?? 0);
    const scores = {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    };
    rows.push(
      `| ${page} | ${scores.performance} | ${scores.accessibility} | ${scores.bestPractices} | ${scores.seo} | ${cls.toFixed(3)} | ${seconds('first-contentful-paint')} | ${seconds('largest-contentful-paint')} | ${Math.round(Number(audits['total-blocking-time']?.numericValue ?? 0))} ms |`,
    );
    if (scores.performance < 95) failures.push(`${page}: performance ${scores.performance}`);
    if (scores.accessibility < 100) failures.push(`${page}: accessibility ${scores.accessibility}`);
    if (scores.bestPractices < 95) failures.push(`${page}: best practices ${scores.bestPractices}`);
    if (scores.seo < 95) failures.push(`${page}: SEO ${scores.seo}`);
    if (cls > 0.05) failures.push(`${page}: CLS ${cls.toFixed(3)}`);
    for (const [key, audit] of Object.entries(audits)) {
      if (audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        console.log(`  ${page}: ${key}: ${audit.title}`);
    }
  }
} finally {
  chrome.kill();
  await stopProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
}

const report = `## Lighthouse (phone settings): ${new Date().toISOString().slice(0, 10)}

| page | performance | accessibility | best practices | SEO | CLS | FCP | LCP | TBT |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

${failures.length === 0 ? '- PASS: every page meets the targets (performance >= 95, accessibility 100, best practices >= 95, SEO >= 95, CLS <= 0.05)' : failures.map((f) => `- FAIL: ${f}`).join('\n')}
`;
console.log(`\n${report}`);
const resultsFile = path.join(ROOT, 'bench/RESULTS.md');
const previous = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '# Benchmark results\n';
const sections = previous.split(/\n(?=## )/).filter((s) => !s.startsWith('## Lighthouse'));
writeFileSync(resultsFile, `${[...sections, report.trim()].join('\n\n').trim()}\n`);
process.exit(failures.length === 0 ? 0 : 1);
