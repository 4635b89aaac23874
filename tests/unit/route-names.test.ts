import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { queues, routeList, schedules, wsAuthorizer, wsRoutes } from '../../functions/routes';

/**
 * One operation, one name (decision 044): the contract `shared/api/<domain>.ts` exports as `<name>`, the handler
 * `functions/http/<domain>/<kebab-name>.ts` (or jobs/, ws/), and the use case `<name>` it calls from
 * `functions/core/<domain>/<kebab-name>.ts`, with the same domain in all three layers.
 */

/** Routes whose use case truly serves several routes; at most five, each with its reason. */
const EXCEPTIONS: Record<string, string> = {};

const root = join(__dirname, '../..');
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const source = (module: string) => {
  const file = join(root, 'functions', `${module}.ts`);
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
};

/** The problems of one handler module against its operation's name, or [] when it keeps the rule. */
function useCaseProblems(handler: string, name: string, domain: string | null): string[] {
  const text = source(handler);
  if (!text) return [`${handler}.ts does not exist`];
  const from = `core/${domain ?? '[a-z-]+'}/${kebab(name)}`;
  const imported = new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from '(?:\\.\\./)+${from}'`).test(text);
  if (!imported) return [`${handler}.ts does not import ${name} from ${from.replace('[a-z-]+', '<domain>')}`];
  if (!new RegExp(`\\b${name}\\(`).test(text)) return [`${handler}.ts does not call ${name}`];
  const core = [...text.matchAll(new RegExp(`from '(?:\\.\\./)+(${from})'`, 'g'))][0]?.[1];
  if (core && !new RegExp(`export (async )?(function|const) ${name}\\b`).test(source(core))) {
    return [`${core}.ts does not export ${name}`];
  }
  return [];
}

async function routeProblems(r: (typeof routeList)[number]): Promise<string[]> {
  const m = /^http\/([a-z-]+)\/([a-z-]+)$/.exec(r.handler);
  if (!m) return [`${r.handler} is not http/<domain>/<kebab-name>`];
  const [, domain, file] = m as unknown as [string, string, string];
  const problems: string[] = [];
  if (file !== kebab(r.name)) problems.push(`${r.handler} is not named ${kebab(r.name)}`);
  const contracts = (await import(`../../shared/api/${domain}`).catch(() => ({}))) as Record<string, unknown>;
  if (contracts[r.name] !== r.contract) problems.push(`shared/api/${domain}.ts does not export ${r.name}`);
  return [...problems, ...useCaseProblems(r.handler, r.name, domain)];
}

function jobProblems(handler: string): string[] {
  const m = /^(jobs|ws)\/([a-z-]+)$/.exec(handler);
  if (!m) return [`${handler} is not jobs/<kebab-name> or ws/<kebab-name>`];
  return useCaseProblems(handler, camel(m[2]!), null);
}

const operations = [
  ...routeList.map((r) => ({ name: r.name, check: () => routeProblems(r) })),
  ...queues.map((q) => ({ name: `queue ${q.name}`, check: async () => jobProblems(q.consumer) })),
  ...schedules.map((s) => ({
    name: `schedule ${s.name}`,
    check: async () =>
      (basename(s.handler) === s.name ? [] : [`${s.handler} is not jobs/${s.name}`]).concat(jobProblems(s.handler)),
  })),
  ...[...Object.values(wsRoutes), wsAuthorizer].map((h) => ({ name: h, check: async () => jobProblems(h) })),
];

describe('one name per operation', () => {
  it('keeps the exceptions few, each with its reason', () => {
    expect(Object.keys(EXCEPTIONS).length).toBeLessThanOrEqual(5);
    for (const reason of Object.values(EXCEPTIONS)) expect(reason.length).toBeGreaterThan(20);
  });

  it.each(operations.filter((o) => !(o.name in EXCEPTIONS)))(
    '$name: contract, handler and use case share its name and domain',
    async ({ check }) => {
      expect(await check()).toEqual([]);
    },
  );

});
