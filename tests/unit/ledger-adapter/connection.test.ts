import { createServer, type Server } from 'node:net';
import getPort from 'get-port';
import { afterEach, describe, expect, it } from 'vitest';
import { LedgerConnection, rippledErrorCode } from '../../../functions/adapters/ledger/connection';
import type { LedgerEndpoints } from '../../../functions/core/admin-network/ports';
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

describe('LedgerConnection over the saved endpoints (decision 072)', () => {
  const plan = (urls: string[], over: Partial<LedgerEndpoints> = {}): LedgerEndpoints => ({
    urls,
    connectTimeoutMs: 1_000,
    requestTimeoutMs: 1_000,
    maxRetries: 3,
    ...over,
  });
  const closedPort = async () => `ws://127.0.0.1:${await getPort()}`;
  let backup: FakeRippled | undefined;

  afterEach(async () => {
    await connection?.close();
    await backup?.close();
    backup = undefined;
  });

  it('fails over from a primary that refuses to the backup, within the retries', async () => {
    backup = await startFakeRippled({ fee: () => ({ from: 'backup' }) });
    const down = [await closedPort(), await closedPort()];
    connection = new LedgerConnection(() => Promise.resolve(plan([down[0]!, backup!.url])));
    expect(await connection.request('fee')).toEqual({ from: 'backup' });
    expect(connection.url).toBe(backup.url);
    await connection.close();

    // One retry reaches the second endpoint only; the third needs two.
    connection = new LedgerConnection(() => Promise.resolve(plan([...down, backup!.url], { maxRetries: 1 })));
    await expect(connection.request('fee')).rejects.toThrow();
    await connection.close();
    connection = new LedgerConnection(() => Promise.resolve(plan([...down, backup!.url], { maxRetries: 2 })));
    expect(await connection.request('fee')).toEqual({ from: 'backup' });
  });

  it('gives each attempt the saved connect timeout, and re-sends an unanswered request on the next endpoint', async () => {
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
    const hung = `ws://127.0.0.1:${(silent.address() as { port: number }).port}`;
    backup = await startFakeRippled({ fee: () => ({ from: 'backup' }) });
    connection = new LedgerConnection(() =>
      Promise.resolve(plan([hung, backup!.url], { connectTimeoutMs: 300, requestTimeoutMs: 300 })),
    );
    let started = Date.now();
    expect(await connection.request('fee')).toEqual({ from: 'backup' });
    expect(Date.now() - started).toBeLessThan(1_500);
    await connection.close();

    // A primary that connects but leaves a request unanswered past the request timeout.
    node = await startFakeRippled({ fee: () => 'silent' });
    connection = new LedgerConnection(() =>
      Promise.resolve(plan([node!.url, backup!.url], { connectTimeoutMs: 300, requestTimeoutMs: 300 })),
    );
    started = Date.now();
    expect(await connection.request('fee')).toEqual({ from: 'backup' });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(node.commands('fee')).toHaveLength(1);
    await connection.close();

    // Test Connection's probe sends once: no answer in time is its result.
    connection = new LedgerConnection(node.url, { requestTimeoutMs: 300, resendUnanswered: false });
    await expect(connection.request('fee')).rejects.toThrow(/Timeout/i);
    expect(node.commands('fee')).toHaveLength(2);
  });

  it('passes over a node that reports another network than the deployment’s', async () => {
    const serverInfo = (networkId: number) => () => ({
      info: { build_version: 'fake', server_state: 'full', network_id: networkId, validated_ledger: { seq: 1 } },
    });
    node = await startFakeRippled({ server_info: serverInfo(0), fee: () => ({ from: 'mainnet' }) });
    backup = await startFakeRippled({ server_info: serverInfo(1), fee: () => ({ from: 'testnet' }) });
    connection = new LedgerConnection(() => Promise.resolve(plan([node!.url, backup!.url], { networkId: 1 })));
    expect(await connection.request('fee')).toEqual({ from: 'testnet' });
    expect(node.commands('fee')).toEqual([]);
  });

  it('replaces an open connection whose endpoint is no longer listed, on the next use', async () => {
    node = await startFakeRippled({ fee: () => ({ from: 'first' }) });
    backup = await startFakeRippled({ fee: () => ({ from: 'second' }) });
    let urls = [node.url, backup.url];
    connection = new LedgerConnection(() => Promise.resolve(plan(urls)));
    expect(await connection.request('fee')).toEqual({ from: 'first' });
    urls = [backup.url];
    expect(await connection.request('fee')).toEqual({ from: 'second' });
    expect([node.connections, backup.connections]).toEqual([1, 1]);
    expect(await connection.request('fee')).toEqual({ from: 'second' });
    expect(backup.connections).toBe(1);
  });
});
