import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` refuses a lockfile out of step with package.json. This catches the same thing in the suite: a dependency
 * added, removed or re-versioned in package.json without `npm install` fails here.
 */
const root = path.resolve(import.meta.dirname, '../..');
const readJson = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as T;

type Deps = Record<string, string>;
interface Manifest {
  name: string;
  dependencies?: Deps;
  devDependencies?: Deps;
  optionalDependencies?: Deps;
  peerDependencies?: Deps;
}
interface Lock {
  name: string;
  lockfileVersion: number;
  packages: Record<string, Manifest & { version?: string; link?: boolean }>;
}

const SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const;

/** Whether `version` is in `range`: exact versions and ^ / ~ ranges (what npm writes); anything else is reported. */
function satisfies(version: string, range: string): boolean {
  const parse = (v: string) => /^(\d+)\.(\d+)\.(\d+)(-[\w.]+)?$/.exec(v)?.slice(1, 5);
  const v = parse(version);
  const op = /^[\^~]/.exec(range)?.[0] ?? '';
  const r = parse(range.slice(op.length));
  if (!v || !r) throw new Error(`unsupported version or range: ${version} / ${range}`);
  if (op === '') return version === range;
  // A prerelease only matches a range naming the same prerelease base.
  if (v[3] && (v.slice(0, 3).join('.') !== r.slice(0, 3).join('.') || !r[3])) return false;
  const [vm, vn, vp] = v.slice(0, 3).map(Number) as [number, number, number];
  const [rm, rn, rp] = r.slice(0, 3).map(Number) as [number, number, number];
  const atLeast =
    vm > rm || (vm === rm && (vn > rn || (vn === rn && (vp > rp || (vp === rp && (v[3] ?? '~') >= (r[3] ?? '~'))))));
  if (!atLeast) return false;
  if (op === '~') return vm === rm && vn === rn;
  // ^ keeps the leftmost non-zero part.
  return rm > 0 ? vm === rm : rn > 0 ? vm === 0 && vn === rn : vm === 0 && vn === 0 && vp === rp;
}

/** What `npm ci` would refuse: the root entry differs from package.json, or a dependency has no lock entry in range. */
function lockProblems(manifest: Manifest, lock: Lock): string[] {
  const problems: string[] = [];
  const rootEntry = lock.packages[''];
  if (lock.lockfileVersion < 2) problems.push(`lockfileVersion ${lock.lockfileVersion} has no packages map`);
  if (lock.name !== manifest.name || rootEntry?.name !== manifest.name) problems.push('lockfile of another package');
  for (const section of SECTIONS) {
    const declared = manifest[section] ?? {};
    const locked = rootEntry?.[section] ?? {};
    for (const name of new Set([...Object.keys(declared), ...Object.keys(locked)])) {
      if (declared[name] !== locked[name]) {
        problems.push(`${section}.${name}: package.json ${declared[name] ?? '-'}, lockfile ${locked[name] ?? '-'}`);
      }
    }
  }
  for (const section of SECTIONS.slice(0, 3)) {
    for (const [name, range] of Object.entries(manifest[section] ?? {})) {
      const entry = lock.packages[`node_modules/${name}`];
      if (!entry?.version) problems.push(`${name}: not installed by the lockfile`);
      else if (!entry.link && !satisfies(entry.version, range))
        problems.push(`${name}: ${entry.version} not in ${range}`);
    }
  }
  return problems;
}

describe('package-lock.json', () => {
  const manifest = readJson<Manifest>('package.json');
  const lock = readJson<Lock>('package-lock.json');

  it('is in sync with package.json (else run `npm install`)', () => {
    expect(lockProblems(manifest, lock)).toEqual([]);
  });

  it('is reported out of sync after a package.json edit without `npm install`', () => {
    const [name, version] = Object.entries(manifest.dependencies ?? {})[0]!;
    const added = { ...manifest, dependencies: { ...manifest.dependencies, 'left-pad': '1.3.0' } };
    expect(lockProblems(added, lock)).toEqual([
      'dependencies.left-pad: package.json 1.3.0, lockfile -',
      'left-pad: not installed by the lockfile',
    ]);
    const bumped = {
      ...manifest,
      dependencies: { ...manifest.dependencies, [name]: `^${Number(version.split('.')[0]) + 1}.0.0` },
    };
    expect(lockProblems(bumped, lock)).toEqual([
      `dependencies.${name}: package.json ^${Number(version.split('.')[0]) + 1}.0.0, lockfile ${version}`,
      `${name}: ${lock.packages[`node_modules/${name}`]!.version} not in ^${Number(version.split('.')[0]) + 1}.0.0`,
    ]);
    const { [name]: _removed, ...rest } = manifest.dependencies ?? {};
    expect(lockProblems({ ...manifest, dependencies: rest }, lock)).toEqual([
      `dependencies.${name}: package.json -, lockfile ${version}`,
    ]);
  });
});

describe('satisfies', () => {
  it('matches exact versions and ^ / ~ ranges the way npm does', () => {
    expect(satisfies('1.2.3', '1.2.3')).toBe(true);
    expect(satisfies('1.2.4', '1.2.3')).toBe(false);
    expect(satisfies('1.9.0', '^1.2.3')).toBe(true);
    expect(satisfies('2.0.0', '^1.2.3')).toBe(false);
    expect(satisfies('1.2.2', '^1.2.3')).toBe(false);
    expect(satisfies('0.2.9', '^0.2.3')).toBe(true);
    expect(satisfies('0.3.0', '^0.2.3')).toBe(false);
    expect(satisfies('1.2.9', '~1.2.3')).toBe(true);
    expect(satisfies('1.3.0', '~1.2.3')).toBe(false);
    expect(satisfies('2.0.0-rc.1', '^1.2.3')).toBe(false);
    expect(() => satisfies('1.2.3', '>=1 <2')).toThrow(/unsupported/);
  });
});
