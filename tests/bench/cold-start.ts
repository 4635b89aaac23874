/**
 * Cold start of every function: each handler module bundled exactly as the CDK app bundles it
 * (infra/stacks/function-bundles.ts: esbuild, minified ESM for node22, the createRequire banner, nothing external,
 * a linked source map read with --enable-source-maps as the functions run), then the bundle's module load timed in a
 * fresh Node process: `await import(bundle)`, median of RUNS. Targets (decision 024): 100 ms, 200 ms for a function
 * whose bundle carries xrpl or xumm-sdk.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import * as prettier from 'prettier';
import { queues, routeList, schedules, wsAuthorizer, wsRoutes } from '../../functions/routes';
import { BUNDLE_FILE, BUNDLE_OPTIONS, bundleEntries } from '../../infra/stacks/function-bundles';

const RUNS = 5;
const root = path.resolve(import.meta.dirname, '../..');
/** Inside the repository, so a native package's binary (sharp's) resolves from node_modules as it does in the zip. */
const outDir = path.join(root, 'node_modules/.cache/bench-cold-start');

export interface ColdStartRow {
  kind: 'http' | 'ws' | 'queue' | 'schedule';
  handler: string;
  bytes: number;
  loadMs: number;
  targetMs: number;
}

function handlers(): { kind: ColdStartRow['kind']; handler: string }[] {
  return [
    ...routeList.map((r) => ({ kind: 'http' as const, handler: r.handler })),
    ...[...Object.values(wsRoutes), wsAuthorizer].map((h) => ({ kind: 'ws' as const, handler: h })),
    ...queues.map((q) => ({ kind: 'queue' as const, handler: q.consumer })),
    ...schedules.map((s) => ({ kind: 'schedule' as const, handler: s.handler })),
  ];
}

/** What a Lambda function has in its environment at load (values the stacks set; none is read from a service). */
const LAMBDA_ENV = {
  AWS_REGION: 'us-east-1',
  AWS_LAMBDA_FUNCTION_NAME: 'bench',
  AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512',
  TABLE_NAME: 'marketplace',
  MEDIA_BUCKET: 'marketplace-media',
  MEDIA_BASE_URL: 'https://example.invalid/media',
  WS_CALLBACK_URL: 'https://example.invalid/ws',
  LOG_LEVEL: 'warn',
  POWERTOOLS_METRICS_NAMESPACE: 'Marketplace',
  NODE_OPTIONS: '--enable-source-maps',
};

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function loadTimeMs(file: string): number {
  const url = pathToFileURL(file).href;
  const script = `const t = performance.now(); await import(${JSON.stringify(url)}); process.stdout.write(String(performance.now() - t));`;
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH, ...LAMBDA_ENV },
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`loading ${file} failed: ${run.stderr.slice(0, 500)}`);
    samples.push(Number(run.stdout));
  }
  return median(samples);
}

export async function coldStart(): Promise<ColdStartRow[]> {
  fs.rmSync(outDir, { recursive: true, force: true });
  const list = handlers();
  // One build of every handler, as the CDK app bundles them (infra/stacks/handler-bundling.ts).
  const result = await build({
    ...BUNDLE_OPTIONS,
    entryPoints: bundleEntries(list.map((h) => h.handler)),
    outdir: outDir,
    metafile: true,
  });
  const bundles = list.map((h) => {
    const outfile = path.join(outDir, h.handler, BUNDLE_FILE);
    const output = result.metafile.outputs[path.relative(process.cwd(), outfile)];
    if (!output) throw new Error(`no bundle for ${h.handler}`);
    const ledgerClient = Object.keys(output.inputs).some((i) => /node_modules\/(xrpl|xumm-sdk)\//.test(i));
    return { ...h, outfile, ledgerClient, bytes: fs.statSync(outfile).size };
  });
  // The ~150 MB just written is still being flushed to disk, and the first process start pages in Node itself: both
  // would be charged to whichever function is timed first. Flush, and start Node once untimed.
  spawnSync('sync');
  spawnSync(process.execPath, ['-e', '0']);
  // Timed one after another: parallel loads would measure each other.
  return bundles.map((b) => ({
    kind: b.kind,
    handler: b.handler,
    bytes: b.bytes,
    loadMs: loadTimeMs(b.outfile),
    targetMs: b.ledgerClient ? 200 : 100,
  }));
}

export const COLD_START_HEADING = '## Cold start';

export function coldStartSection(rows: ColdStartRow[]): string {
  const met = rows.filter((r) => r.loadMs <= r.targetMs).length;
  return `${COLD_START_HEADING}

Every function's bundle as the CDK builds it and its module load in a fresh Node process (median of ${RUNS}, with
\`--enable-source-maps\` as the functions run). ${met} of ${rows.length} within target.

| function | kind | bundle | module load | target |
| --- | --- | --- | --- | --- |
${rows
  .map(
    (r) =>
      `| \`${r.handler}\` | ${r.kind} | ${(r.bytes / 1024).toFixed(0)} KB | ${r.loadMs.toFixed(0)} ms | ≤ ${r.targetMs} ms |`,
  )
  .join('\n')}
`;
}

/** Replaces the section (everything from its heading to the end of the file) in docs/bench.md. */
export async function writeSection(rows: ColdStartRow[]): Promise<void> {
  const file = path.join(root, 'docs/bench.md');
  const text = fs.readFileSync(file, 'utf8');
  const at = text.indexOf(COLD_START_HEADING);
  const kept = at === -1 ? text : text.slice(0, at);
  const options = (await prettier.resolveConfig(file)) ?? {};
  const next = `${kept.trimEnd()}\n\n${coldStartSection(rows)}`;
  fs.writeFileSync(file, await prettier.format(next, { ...options, filepath: file }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await coldStart();
  if (process.argv.includes('--write')) await writeSection(rows);
  console.log(JSON.stringify(rows));
  process.exit(0);
}
