import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * The browser tests drive Debian's Chromium (never a downloaded Playwright browser), in its headless shell: the same
 * Blink and V8 without the desktop browser around them, which took 40% less CPU over the journeys than
 * `chromium --headless` (decision 048).
 */
export const CHROMIUM_PATH = '/usr/bin/chromium-headless-shell';
const PACKAGE = 'chromium-headless-shell';

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function run(command: string, args: string[]): void {
  const out = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (out.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed with exit code ${out.status ?? out.signal}`);
  }
}

/**
 * Returns the path of Chromium's headless shell. When it is missing and we run as root on a machine with apt-get,
 * installs Debian's package; otherwise throws and says how to install it.
 */
export async function ensureChromium(): Promise<string> {
  if (isExecutable(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. The browser tests drive Debian's Chromium: install it with ` +
        `\`sudo apt-get update && sudo apt-get install -y ${PACKAGE}\` (as root, \`npm test\` does this itself), then retry. ` +
        'Do not use `npx playwright install`.',
    );
  }
  console.log(`Chromium not found at ${CHROMIUM_PATH}: installing Debian's ${PACKAGE} with apt-get (one time)...`);
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', PACKAGE]);
  if (!isExecutable(CHROMIUM_PATH))
    throw new Error(`apt-get installed ${PACKAGE}, but ${CHROMIUM_PATH} is still missing`);
  return CHROMIUM_PATH;
}
