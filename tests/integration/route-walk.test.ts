import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { routeList, type RouteDef } from '../../functions/routes';

/**
 * Walks the route table and sends every route bad input. Each answer must be a 4xx JSON error with a message: never a
 * 500, never HTML. New routes are covered by being in the table.
 */
const baseUrl = () => inject('baseUrl');

function pathOf(route: RouteDef): string {
  return route.contract.path.replace(/\{[^}]+\}/g, 'X');
}

function queryKeys(route: RouteDef): string[] {
  const q = route.contract.query;
  return q instanceof z.ZodObject ? Object.keys(q.shape) : [];
}

type Reply = { status: number; json: { error?: { code?: string; message?: string } } | undefined; contentType: string };

/** node:http rather than fetch, because fetch refuses to send a body with GET and the walk sends bodies to every route. */
function send(route: RouteDef, init: { query?: string; body?: string; contentType?: string }): Promise<Reply> {
  const url = new URL(`${baseUrl()}${pathOf(route)}${init.query ? `?${init.query}` : ''}`);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: route.contract.method,
        // Node sends GET bodies unframed unless the length is given.
        headers:
          init.body !== undefined
            ? { 'content-type': init.contentType ?? 'application/json', 'content-length': Buffer.byteLength(init.body) }
            : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let json: Reply['json'];
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, json, contentType: String(res.headers['content-type'] ?? '') });
        });
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

function expectClientError(r: Awaited<ReturnType<typeof send>>) {
  expect(r.status, JSON.stringify(r.json)).toBeGreaterThanOrEqual(400);
  expect(r.status).toBeLessThan(500);
  expect(r.contentType).toContain('application/json');
  expect(typeof r.json?.error?.code).toBe('string');
  expect(r.json?.error?.message?.length).toBeGreaterThan(0);
}

describe.each(routeList.map((r) => [`${r.contract.method} ${r.contract.path}`, r] as const))('%s', (_, route) => {
  it('refuses malformed JSON', async () => {
    expectClientError(await send(route, { body: '{"oops": ' }));
  });

  it('refuses a body of the wrong type', async () => {
    expectClientError(await send(route, { body: '[1, 2, 3]' }));
    expectClientError(await send(route, { body: '"text"' }));
  });

  it('refuses unknown fields', async () => {
    expectClientError(await send(route, { query: 'notAField=1' }));
    expectClientError(await send(route, { body: JSON.stringify({ notAField: true }) }));
  });

  it('refuses a body over 1 MB', async () => {
    const r = await send(route, { body: JSON.stringify({ blob: 'x'.repeat(1024 * 1024 + 10) }) });
    expectClientError(r);
  });

  it('never answers 500 to junk in any query parameter', async () => {
    for (const key of queryKeys(route)) {
      for (const junk of ['', '%00', 'x'.repeat(5000), '-1', '1e309', '[object Object]']) {
        const r = await send(route, { query: `${encodeURIComponent(key)}=${encodeURIComponent(junk)}` });
        expect(r.status, `${key}=${junk.slice(0, 20)}`).toBeLessThan(500);
        expect(r.contentType).toContain('application/json');
      }
    }
  });
});
