import { cpSync, linkSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Stage, type ILocalBundling } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import { BUNDLE_FILE, BUNDLE_OPTIONS, REPO_ROOT, bundleEntries } from './function-bundles';

export interface BundleExtras {
  /** Installed packages copied from node_modules next to the bundle (native binaries loaded at run time). */
  packages: readonly string[];
  /** Files made now and written next to the bundle, by name. */
  dataFiles: Readonly<Record<string, () => string>>;
}

/** One esbuild run's output folder and the handler modules it bundled. */
interface Build {
  outdir: string;
  handlers: ReadonlySet<string>;
}
const builds = new WeakMap<Construct, Build[]>();
const plans = new WeakMap<Construct, ReadonlySet<string>>();

/**
 * Declares the handler modules an app's functions will be bundled from, so the first one bundled builds them all in one
 * esbuild run (a build per function parsed the SDK and the core again for each of about 90: decision 049).
 */
export function bundleTogether(app: Construct, handlers: Iterable<string>): void {
  plans.set(app.node.root, new Set(handlers));
}

/**
 * Bundles one function's handler module with the local esbuild, no Docker. CDK bundles each function as it is
 * constructed: the first function of an app whose handler was declared with `bundleTogether` builds all of those, and
 * the others take their output from that build; any other handler is built on its own. Only `handler` and the extras
 * are plain fields: the asset's cache key is made from them.
 */
export class HandlerBundling implements ILocalBundling {
  readonly handler: string;
  readonly packages: readonly string[];
  readonly dataFiles: readonly string[];
  readonly #scope: Construct;
  readonly #make: BundleExtras['dataFiles'];

  constructor(scope: Construct, handler: string, extras: BundleExtras) {
    this.handler = handler;
    this.packages = extras.packages;
    this.dataFiles = Object.keys(extras.dataFiles);
    this.#scope = scope;
    this.#make = extras.dataFiles;
  }

  tryBundle(outputDir: string): boolean {
    const root = this.#scope.node.root;
    const done = builds.get(root) ?? [];
    let build = done.find((b) => b.handlers.has(this.handler));
    if (!build) {
      const plan = plans.get(root);
      const handlers =
        plan?.has(this.handler) && !done.some((b) => b.handlers === plan) ? plan : new Set([this.handler]);
      build = { outdir: buildAll(this.#scope, handlers), handlers };
      builds.set(root, [...done, build]);
    }
    for (const file of [BUNDLE_FILE, `${BUNDLE_FILE}.map`]) {
      linkOrCopy(path.join(build.outdir, this.handler, file), path.join(outputDir, file));
    }
    for (const name of this.packages) {
      cpSync(path.join(REPO_ROOT, 'node_modules', name), path.join(outputDir, 'node_modules', name), {
        recursive: true,
      });
    }
    for (const [name, make] of Object.entries(this.#make)) writeFileSync(path.join(outputDir, name), make());
    return true;
  }
}

/**
 * One esbuild run into a scratch folder of the cloud assembly (one file system, so the functions' files are hard links
 * to it), removed when the process that synthesizes ends.
 */
function buildAll(scope: Construct, handlers: ReadonlySet<string>): string {
  const assembly = Stage.of(scope)!.assetOutdir;
  mkdirSync(assembly, { recursive: true });
  const outdir = mkdtempSync(path.join(assembly, 'function-bundles-'));
  process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
  buildSync({ ...BUNDLE_OPTIONS, entryPoints: bundleEntries([...handlers]), outdir });
  return outdir;
}

/** A hard link when it can (the bundles are large), else a copy. */
function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    cpSync(from, to);
  }
}
