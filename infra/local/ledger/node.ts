import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { Chain, type ClosedLedger, type LedgerHeader } from './chain';
import { DEFAULT_RULES, type EngineRules } from './engine';
import { explorerPage } from './explorer';
import { Faucet, FaucetError } from './faucet';
import { type GenesisKeys, genesisState, loadOrCreateGenesisKeys } from './genesis';
import { hostName, nodePublicKey } from './identity';
import { apiVersionOf, type ApiVersion } from './rpc/api-version';
import { type MethodContext, type NodeIdentity, type Subscriber } from './rpc/context';
import { runMethod } from './rpc/dispatch';
import { streamMessages } from './rpc/subscriptions';
import { LedgerStore } from './store';
import { loopbackOrigins, refuseCrossSite } from '../cross-site';
import { requestUrl } from '../request-url';

export interface LedgerNodeOptions {
  /** Default 6006; 0 picks a free port. */
  port?: number;
  host?: string;
  /** State, history and genesis keys go to <dataDir>/ledger. */
  dataDir: string;
  /** How often the open ledger closes; default 1000 ms. 0 closes only on ledger_accept / closeLedger(). */
  closeIntervalMs?: number;
  rules?: Partial<EngineRules>;
  /**
   * rippled's [network_id]: reported by server_info / server_state and the ledger stream, used in CTIDs, and above
   * 1024 required in every transaction's NetworkID. Unset, the node is a standalone rippled without [network_id].
   */
  networkId?: number;
  /** Whole-stack tests only: POST /_test/clock { advanceSeconds } moves the ledger's close time ahead (CancelAfter). */
  testClock?: boolean;
  log?: (line: string) => void;
}

export interface LedgerNode {
  /** ws://host:port, the rippled WebSocket API. */
  url: string;
  /** http://host:port/accounts, the faucet. */
  faucetUrl: string;
  port: number;
  genesis: { issuer: string; platform: string };
  /** Seeds of the genesis accounts, for the local stack only (the platform wallet signs escrow finishes). */
  keys: GenesisKeys;
  /** Test clock: closes a ledger at least `seconds` after the last close, so that time is the new parent close time. */
  advanceClock(seconds: number): LedgerHeader;
  /** Closes (and validates) the open ledger now. */
  closeLedger(): LedgerHeader;
  stop(): Promise<void>;
}

const MAX_BODY = 1 << 20;

/**
 * The XRPL node stand-in: rippled's WebSocket JSON API (api_version 1 and 2) over ws://, JSON-RPC over HTTP POST /,
 * and the faucet at POST /accounts, all on one port. See docs/ledger-stand-in.md for where it differs from rippled.
 */
export async function startLedgerNode(opts: LedgerNodeOptions): Promise<LedgerNode> {
  const startedAt = Date.now();
  if (opts.networkId !== undefined && (!Number.isInteger(opts.networkId) || opts.networkId < 0)) {
    throw new Error('networkId must be a whole number >= 0');
  }
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log ?? (() => undefined);
  const dir = path.join(opts.dataDir, 'ledger');
  const rules: EngineRules = { ...DEFAULT_RULES, ...opts.rules };
  const keys = loadOrCreateGenesisKeys(dir);
  const store = new LedgerStore(dir);
  let snapshot = store.load();
  if (!snapshot) {
    snapshot = Chain.genesisSnapshot(genesisState(keys));
    store.saveGenesis(snapshot);
    log(`new ledger: RLUSD issuer ${keys.issuer.address}, platform ${keys.platform.address}`);
  } else {
    log(`ledger restored at ${snapshot.last.ledger_index}`);
  }
  const chain = new Chain(snapshot, rules);
  chain.networkId = opts.networkId ?? 0;
  const faucet = new Faucet(chain, keys);
  const identity: NodeIdentity = {
    port: 0,
    pubkeyNode: nodePublicKey(keys),
    hostname: hostName(),
    startedAt,
    readyAt: startedAt,
    networkId: opts.networkId,
  };
  const subscribers = new Map<WebSocket, Subscriber>();

  const closeLedger = (): LedgerHeader => {
    const closed = chain.close();
    store.save(closed, chain.closedState(closed.header.ledger_index)!, chain.clockOffset);
    publish(closed);
    return closed.header;
  };

  const publish = (closed: ClosedLedger) => {
    for (const [socket, sub] of subscribers) {
      if (socket.readyState !== socket.OPEN) continue;
      for (const message of streamMessages(chain, identity, closed, sub)) socket.send(JSON.stringify(message));
    }
  };

  const context = (
    params: Record<string, unknown>,
    apiVersion: ApiVersion,
    subscriber?: Subscriber,
  ): MethodContext => ({
    chain,
    params,
    apiVersion,
    subscriber,
    closeLedger,
    node: identity,
  });

  const controlRules = { origins: () => loopbackOrigins(identity.port), body: 'json' } as const;
  const server = http.createServer((req, res) => {
    void handleHttp(req, res).catch((error: Error) => {
      if (!res.headersSent) json(res, 500, { error: error.message });
    });
  });

  async function handleHttp(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = requestUrl(req);
    if (req.method === 'GET' && url.pathname.startsWith('/explorer/')) {
      req.resume();
      const { status, html } = explorerPage(chain, url.pathname);
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
      return;
    }
    if (req.method !== 'POST') return json(res, 405, { error: 'Use POST' });
    // The test clock is a local control: no other site's page may move it (decision 077).
    const testClock = opts.testClock === true && url.pathname === '/_test/clock';
    if (testClock && refuseCrossSite(req, res, controlRules, (r) => json(res, r.status, { error: r.message }))) return;
    let body: Record<string, unknown>;
    try {
      body = await readJson(req);
    } catch (error) {
      return json(res, 400, { error: (error as Error).message });
    }
    if (url.pathname === '/accounts') {
      try {
        return json(res, 200, faucet.fund(body));
      } catch (error) {
        if (error instanceof FaucetError) return json(res, 400, { error: error.message });
        throw error;
      }
    }
    if (url.pathname === '/') return handleJsonRpc(body, res);
    if (testClock) {
      const seconds = Number(body.advanceSeconds);
      if (!Number.isInteger(seconds) || seconds < 0) return json(res, 400, { error: 'advanceSeconds' });
      chain.advanceClock(seconds);
      return json(res, 200, { closed: closeLedger().ledger_index });
    }
    return json(res, 404, { error: 'Not found' });
  }

  /**
   * ServerHandlerImp::processRequest (src/xrpld/rpc/detail/ServerHandler.cpp): the API version comes from params[0];
   * an invalid one is an HTTP 400 "invalid_API_version"; an error result carries the request's params with its
   * command.
   */
  function handleJsonRpc(body: Record<string, unknown>, res: http.ServerResponse): void {
    const first = Array.isArray(body.params) ? (body.params[0] as unknown) : undefined;
    const params =
      first && typeof first === 'object' && !Array.isArray(first) ? (first as Record<string, unknown>) : {};
    const apiVersion = apiVersionOf(params);
    if (apiVersion === undefined) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('invalid_API_version');
      return;
    }
    const outcome = runMethod(body.method, context(params, apiVersion));
    const result =
      'result' in outcome
        ? { ...outcome.result, status: 'success' }
        : { ...outcome.error, status: 'error', request: { ...params, command: body.method } };
    json(res, 200, { result, ...(body.id !== undefined ? { id: body.id } : {}) });
  }

  /**
   * ServerHandlerImp::processSession for WebSocket requests: the response echoes `id` and, only when the request had
   * one, `api_version`; an invalid API version is refused before any method runs.
   */
  function answerWs(request: Record<string, unknown>, sub: Subscriber): Record<string, unknown> {
    const echo = {
      ...(request.id !== undefined ? { id: request.id } : {}),
      ...(request.api_version !== undefined ? { api_version: request.api_version } : {}),
    };
    const apiVersion = apiVersionOf(request);
    if (apiVersion === undefined) {
      return { type: 'response', status: 'error', error: 'invalid_API_version', request, ...echo };
    }
    const { id: _id, command, ...params } = request;
    const outcome = runMethod(command, context(params, apiVersion, sub));
    return 'result' in outcome
      ? { result: outcome.result, status: 'success', type: 'response', ...echo }
      : { ...outcome.error, request, status: 'error', type: 'response', ...echo };
  }

  const wss = new WebSocketServer({ server, maxPayload: MAX_BODY });
  wss.on('connection', (socket) => {
    const sub: Subscriber = { streams: new Set(), accounts: new Set(), apiVersion: 1 };
    subscribers.set(socket, sub);
    socket.on('close', () => subscribers.delete(socket));
    socket.on('error', () => subscribers.delete(socket));
    socket.on('message', (data) => {
      let request: Record<string, unknown>;
      try {
        request = JSON.parse(String(data)) as Record<string, unknown>;
        if (!request || typeof request !== 'object' || Array.isArray(request)) throw new Error('not an object');
      } catch {
        socket.send(JSON.stringify({ error: 'jsonInvalid', status: 'error', type: 'response' }));
        return;
      }
      socket.send(JSON.stringify(answerWs(request, sub)));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 6006, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  identity.port = port;
  identity.readyAt = Date.now();
  const interval = opts.closeIntervalMs ?? 1000;
  const timer = interval > 0 ? setInterval(closeLedger, interval) : undefined;
  log(`ledger node at ws://${host}:${port} (faucet http://${host}:${port}/accounts)`);

  return {
    url: `ws://${host}:${port}`,
    faucetUrl: `http://${host}:${port}/accounts`,
    port,
    genesis: { issuer: keys.issuer.address, platform: keys.platform.address },
    keys,
    advanceClock(seconds) {
      chain.advanceClock(seconds);
      return closeLedger();
    },
    closeLedger,
    async stop() {
      if (timer) clearInterval(timer);
      // Validate what was already accepted (a faucet payment, say) rather than dropping it with the open ledger.
      if (chain.openTransactionCount > 0) closeLedger();
      for (const socket of wss.clients) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.flush();
    },
  };
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('Body too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  const value = JSON.parse(text) as unknown;
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('Body must be a JSON object');
  return value as Record<string, unknown>;
}
