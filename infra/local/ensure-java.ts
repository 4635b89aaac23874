import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** DynamoDB Local is the official jar, so the local runtime needs a Java runtime (17 or newer) on PATH. */
function findJava(): string | undefined {
  // A PATH lookup instead of `java -version`: starting a JVM just to ask costs ~0.4 s of every start.
  const names = process.platform === 'win32' ? ['java.exe'] : ['java'];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    for (const name of names) {
      const file = path.join(dir, name);
      try {
        fs.accessSync(file, fs.constants.X_OK);
        if (fs.statSync(file).isFile()) return file;
      } catch {
        // not in this directory
      }
    }
  }
  return undefined;
}

function run(command: string, args: string[]): void {
  const out = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (out.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed with exit code ${out.status ?? out.signal}`);
}

/**
 * Finds `java` and returns its path; when it is missing and we are root on a Debian-like machine, installs the headless JRE with apt-get.
 * Otherwise throws with what to do, instead of letting DynamoDB Local fail later with a spawn error.
 */
export async function ensureJava(): Promise<string> {
  const found = findJava();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    throw new Error(
      'Java was not found on PATH. The local runtime runs DynamoDB Local, which needs a Java runtime (17 or newer). ' +
        'Install one, e.g. `sudo apt-get install -y openjdk-17-jre-headless` (Debian/Ubuntu) or `brew install openjdk@17` (macOS), then retry.',
    );
  }
  console.log('Java not found: installing openjdk-17-jre-headless with apt-get (one time)...');
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', 'openjdk-17-jre-headless']);
  const installed = findJava();
  if (!installed) throw new Error('openjdk-17-jre-headless was installed but `java` is still not on PATH');
  return installed;
}
