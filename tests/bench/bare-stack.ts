import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalStack, type LocalStackOptions } from '../../infra/local/stack';

export type BareStack = Awaited<ReturnType<typeof startLocalStack>> & { dispose(): Promise<void> };

/**
 * A fresh local stack for one bench piece: no seed, no web app, its own ports and data dir (on tmpfs when /dev/shm
 * exists, so the disk doesn't set the pace). `dispose` stops it and removes the data. `httpWorkers` runs the HTTP
 * handlers in that many worker processes, as Lambda containers (decision 075).
 */
export async function startBareStack(
  name: string,
  opts: Pick<LocalStackOptions, 'testControls' | 'dynamoJit' | 'httpWorkers' | 'httpPreload'> = {},
): Promise<BareStack> {
  const base = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  const dataDir = fs.mkdtempSync(path.join(base, `bench-${name}-`));
  const stack = await startLocalStack({
    port: 0,
    dataDir,
    seed: false,
    webDir: null,
    ledgerPort: 0,
    xamanPort: 0,
    productsPort: 0,
    testControls: opts.testControls ?? false,
    dynamoJit: opts.dynamoJit,
    httpWorkers: opts.httpWorkers,
    httpPreload: opts.httpPreload,
  });
  return Object.assign(stack, {
    async dispose() {
      await stack.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  });
}
