import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** ESM bundles still meet CommonJS dependencies that call `require` (e.g. for Node built-ins). */
export const REQUIRE_BANNER =
  "import { createRequire } from 'node:module';const require = createRequire(import.meta.url);";

/** The file each function's zip holds its handler in (`index.handler`), and its linked source map. */
export const BUNDLE_FILE = 'index.mjs';

/**
 * How every function is bundled: minified ESM for Node 22 with the createRequire banner and a linked source map (read
 * with --enable-source-maps as the functions run). Nothing is external. The AWS SDK is bundled: the function runs the
 * exact client versions the local runtime and tests use. So is a native package's JavaScript: sharp loaded unbundled
 * took ~70 ms, mostly Node resolving and reading its files; bundled, it finds its binary in the copied node_modules
 * (createRequire from the bundle). Code that needs it for some requests only loads it from there instead
 * (adapters/image-cleaner.ts).
 */
export const BUNDLE_OPTIONS = {
  bundle: true,
  minify: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  mainFields: ['module', 'main'],
  banner: { js: REQUIRE_BANNER },
  sourcemap: true,
  sourcesContent: false,
  tsconfig: path.join(REPO_ROOT, 'tsconfig.json'),
  outExtension: { '.js': '.mjs' },
  logLevel: 'error',
} as const satisfies BuildOptions;

/**
 * Entry points for one esbuild build of many handler modules (`functions/<handler>.ts`): each comes out as
 * `<outdir>/<handler>/index.mjs`. One build parses every shared module once, where a build per function parsed the
 * SDK and the core again for each of about 90 (decision 049).
 */
export function bundleEntries(handlers: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    handlers.map((h) => [`${h}/${BUNDLE_FILE.replace(/\.mjs$/, '')}`, path.join(REPO_ROOT, 'functions', `${h}.ts`)]),
  );
}
