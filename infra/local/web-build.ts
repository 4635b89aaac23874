import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SKIP = new Set(['node_modules', 'dist', '.vite']);

function listFiles(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, out);
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/** Hash of every input of the web build: web/ and shared/ sources, plus the lock file (dependency versions). */
export function webSourceHash(root: string): string {
  const hash = createHash('sha256');
  const files = [...listFiles(path.join(root, 'web')), ...listFiles(path.join(root, 'shared'))];
  for (const extra of ['package-lock.json', 'tsconfig.json']) {
    const f = path.join(root, extra);
    if (fs.existsSync(f)) files.push(f);
  }
  for (const file of files.sort()) {
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/**
 * Builds the web app with Vite only when its sources changed since the last build (hash kept in
 * web/dist/.build-hash), so a restart does not pay for a rebuild.
 */
export function buildWebIfChanged(root: string): { built: boolean; seconds: number; skipped?: string } {
  const config = path.join(root, 'web/vite.config.ts');
  if (!fs.existsSync(config)) return { built: false, seconds: 0, skipped: 'web/vite.config.ts does not exist yet' };
  const dist = path.join(root, 'web/dist');
  const marker = path.join(dist, '.build-hash');
  const hash = webSourceHash(root);
  if (
    fs.existsSync(marker) &&
    fs.readFileSync(marker, 'utf8').trim() === hash &&
    fs.existsSync(path.join(dist, 'index.html'))
  ) {
    return { built: false, seconds: 0 };
  }
  const t0 = performance.now();
  const vite = path.join(root, 'node_modules/.bin/vite');
  const out = spawnSync(vite, ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (out.status !== 0) throw new Error(`web build failed (vite exited with ${out.status ?? out.signal})`);
  fs.writeFileSync(marker, hash + '\n');
  return { built: true, seconds: (performance.now() - t0) / 1000 };
}
