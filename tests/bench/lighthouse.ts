/**
 * Lighthouse (desktop preset, performance only) on the production web build served by a local stack with the demo seed:
 * /marketplace and the page of a seeded listing, three runs each, the median run reported. Run on its own
 * (`tsx tests/bench/lighthouse.ts [--no-build]`) it prints the result as JSON and keeps the full reports in the temp dir.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startLocalStack } from '../../infra/local/stack';
import { buildWebIfChanged } from '../../infra/local/web-build';

const root = path.resolve(import.meta.dirname, '../..');
const RUNS = 3;

export interface PageScore {
  page: string;
  /** 0-100. */
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Where the median run's full JSON report was written. */
  report: string;
}

export async function lighthouseScores(opts: { build: boolean }): Promise<PageScore[]> {
  if (opts.build) buildWebIfChanged(root);
  const webDir = path.join(root, 'web/dist');
  if (!fs.existsSync(path.join(webDir, 'index.html'))) throw new Error('web/dist is not built');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-reports-'));
  const stack = await startLocalStack({
    port: 0,
    dataDir,
    seed: true,
    webDir,
    ledgerPort: 0,
    xamanPort: 0,
    productsPort: 0,
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox'],
  });
  try {
    // A seeded listing with a photo, so its page shows real content.
    const res = await fetch(`${stack.url}/api/listings?limit=50`);
    const { items } = (await res.json()) as { items: { id: string; image: unknown }[] };
    const item = items.find((i) => i.image) ?? items[0];
    if (!item) throw new Error('no seeded listings');

    const scores: PageScore[] = [];
    for (const page of ['/marketplace', `/item/${item.id}`]) {
      const runs: PageScore[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(
          `${stack.url}${page}`,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
          desktopConfig,
        );
        if (!result) throw new Error(`lighthouse gave no result for ${page}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`lighthouse ${page}: ${lhr.runtimeError.message}`);
        const report = path.join(outDir, `${page.split('/')[1]}-${i + 1}.json`);
        fs.writeFileSync(report, JSON.stringify(lhr));
        runs.push({
          page,
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
          tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
          report,
        });
      }
      runs.sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs);
      scores.push(runs[Math.floor(runs.length / 2)]!);
    }
    return scores;
  } finally {
    chrome.kill();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await lighthouseScores({ build: !process.argv.includes('--no-build') })));
  process.exit(0);
}
