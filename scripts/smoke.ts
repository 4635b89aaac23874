import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { DEFAULT_TIMEOUT_MS, formatResult, runSmoke } from './smoke/run-smoke';

const USAGE = `Usage: npm run smoke -- --url <site> [--timeout <ms>] [--api-only] [--allow-empty]

Checks a deployed site without changing it: health, browse, an item (API and page), search, the socket handshake,
a sign-in started and cancelled, and the security headers. One line per check; exit code 1 when any fails.
  --url          the site, e.g. https://market.example.com (or http://localhost:3000 for npm start)
  --timeout      each check's time limit in ms (default ${DEFAULT_TIMEOUT_MS})
  --api-only     the site serves no web app (a local stack started without it): skip the item page
  --allow-empty  a new site without listings passes; the item and search checks are skipped`;

/** The command line; returns the exit code (2: usage). */
export async function main(argv: string[], print: (line: string) => void = console.log): Promise<number> {
  let values: { url?: string; timeout?: string; 'api-only'?: boolean; 'allow-empty'?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        url: { type: 'string' },
        timeout: { type: 'string' },
        'api-only': { type: 'boolean' },
        'allow-empty': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    print(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    print(USAGE);
    return 0;
  }
  const timeoutMs = values.timeout === undefined ? DEFAULT_TIMEOUT_MS : Number(values.timeout);
  if (!values.url || !Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    print(USAGE);
    return 2;
  }
  const started = performance.now();
  let report;
  try {
    report = await runSmoke({
      url: values.url,
      timeoutMs,
      apiOnly: values['api-only'] ?? false,
      allowEmpty: values['allow-empty'] ?? false,
      onResult: (r) => print(formatResult(r)),
    });
  } catch (error) {
    print(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const failed = report.results.filter((r) => !r.ok).length;
  const total = Math.round(performance.now() - started);
  print(
    `smoke ${failed ? 'FAILED' : 'passed'}: ${report.results.length - failed} of ${report.results.length} checks ` +
      `passed in ${total} ms against ${new URL(values.url).origin}`,
  );
  return failed ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
