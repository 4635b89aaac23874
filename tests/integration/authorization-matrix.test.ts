import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLERS, routeList, type Caller, type RouteDef } from '../../functions/routes';
import { fixtures, type Fixture } from './route-fixtures';
import { buildWorld, endListingsOf, rawRequestOf, sendRaw, type World } from './route-support';

/**
 * The authorization matrix (decision 018): for every route of functions/routes.ts, one valid request (its fixture) per
 * caller, with the caller's real session, through the local gateway; each answer must have the status the route's
 * `access` row declares. A route joins by being in the table; without a row or a fixture it fails here.
 */
let world: World;

beforeAll(async () => {
  world = await buildWorld('127.0.71');
}, 120_000);

afterAll(async () => {
  if (world) await endListingsOf(world.callers.seller);
});

const named = routeList.map((r) => [`${r.name}: ${r.contract.method} ${r.contract.path}`, r] as const);

describe.each(named)('%s', (_, route) => {
  it('has a complete row, consistent with its auth level, and a fixture', () => {
    const row: Partial<Record<string, unknown>> = route.access ?? {};
    expect(Object.keys(row).sort(), 'access row').toEqual([...CALLERS].sort());
    for (const caller of CALLERS) {
      const status = row[caller];
      expect(Number.isInteger(status) && (status as number) >= 200 && (status as number) < 500, caller).toBe(true);
    }
    // A public route answers a visitor; any other needs a session, and an admin route the stored admin role.
    if (route.auth === 'public') expect(route.access.visitor).not.toBe(401);
    else expect(route.access.visitor).toBe(401);
    if (route.auth === 'admin') {
      expect([route.access.user, route.access.seller, route.access.otherSeller]).toEqual([403, 403, 403]);
    }
    expect(typeof (fixtures as Partial<Record<string, Fixture>>)[route.name], 'fixture in route-fixtures.ts').toBe(
      'function',
    );
  });

  it('answers each caller as its row says', async () => {
    const answers = await Promise.all(CALLERS.map((caller) => ask(route, caller)));
    const got = Object.fromEntries(answers.map((a) => [a.caller, a.status]));
    const detail = answers
      .filter((a) => a.status !== route.access[a.caller])
      .map((a) => `${a.caller} ${a.status}: ${a.text.slice(0, 300)}`)
      .join('\n');
    expect(got, detail).toEqual(route.access);
    for (const a of answers.filter((x) => x.status >= 400)) {
      const body = JSON.parse(a.text) as { error?: { code?: unknown; message?: unknown } };
      expect(typeof body.error?.code, a.caller).toBe('string');
      expect(typeof body.error?.message, a.caller).toBe('string');
    }
  }, 60_000);
});

async function ask(route: RouteDef, caller: Caller) {
  const me = caller === 'visitor' ? null : world.callers[caller];
  const from = world.from[caller];
  const fixture = (fixtures as Partial<Record<string, Fixture>>)[route.name];
  if (!fixture) throw new Error(`no fixture for ${route.name} in tests/integration/route-fixtures.ts`);
  const request = await fixture({ caller, me, from, world });
  const reply = await sendRaw(rawRequestOf(route, request, request.token ?? me?.token, from));
  return { caller, ...reply };
}
