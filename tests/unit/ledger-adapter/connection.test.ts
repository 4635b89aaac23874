import { createServer, type Server } from 'node:net';
import getPort from 'get-port';
import { afterEach, describe, expect, it } from 'vitest';
import { LedgerConnection, rippledErrorCode } from '../../../functions/adapters/ledger/connection';
import { RpcError, startFakeRippled, type FakeRippled } from './fake-rippled';

let node: FakeRippled | undefined;
let connection: LedgerConnection | undefined;
let silent: Server | undefined;

afterEach(async () => {
  await connection?.close();
  await node?.close();
  silent?.close();
  connection = node = silent = undefined;
});

describe('LedgerConnection', () => {
  it('connects on the first request only, and concurrent first requests share one connection', async () => {
    node = await startFakeRippled({ fee: () => ({ drops: { base_fee: '10' } }) });
    connection = new LedgerConnection(node.url);
    expect(node.connections).toBe(0);
    const answers = await Promise.all([
      connection.request('fee'),
      connection.request('fee'),
      connection.request('fee'),
    ]);
    expect(answers).toEqual(Array(3).fill({ drops: { base_fee: '10' } }));
    expect(node.connections).toBe(1);
  });

  it('fails fast when the node is down, and works once it is up, on the same connection object', async () => {
    const port = await getPort();
    connection = new LedgerConnection(`ws://127.0.0.1:${port}`, { connectTimeoutMs: 1_000 });
    await expect(connection.request('fee')).rejects.toThrow();
    node = await startFakeRippled({ fee: () => ({ ok: true }) }, port);
    expect(await connection.request('fee')).toEqual({ ok: true });
  });

  it('gives up connecting after the connect timeout when the node accepts but never answers', async () => {
    // A TCP server that never completes the WebSocket handshake.
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    connection = new LedgerConnection(`ws://127.0.0.1:${port}`, { connectTimeoutMs: 300 });
    const started = Date.now();
    await expect(connection.request('fee')).rejects.toThrow(/timed out/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reconnects when the node drops the socket between requests', async () => {
    node = await startFakeRippled({ fee: () => ({ ok: true }) });
    connection = new LedgerConnection(node.url);
    await connection.request('fee');
    node.handlers.kick = () => 'drop';
    await expect(connection.request('kick')).rejects.toThrow();
    expect(await connection.request('fee')).toEqual({ ok: true });
    expect(node.connections).toBeGreaterThanOrEqual(2);
  });

  it('exposes the rippled error code of a refused request', async () => {
    node = await startFakeRippled({ account_info: () => new RpcError('actNotFound', 'Account not found.') });
    connection = new LedgerConnection(node.url);
    const error = await connection.request('account_info', { account: 'r1' }).catch((e: unknown) => e);
    expect(rippledErrorCode(error)).toBe('actNotFound');
    expect(rippledErrorCode(new Error('x'))).toBeUndefined();
  });
});
