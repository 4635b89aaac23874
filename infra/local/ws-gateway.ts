import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { gatewayTime, headersOf, queryParameters, sourceIp } from './api-event';
import { lambdaContext, loadHandler } from './handlers';

/** API Gateway WebSocket limits: 128 KB per message. */
export const MAX_WS_MESSAGE_BYTES = 128 * 1024;

export interface LocalConnection {
  socket: WebSocket;
  connectedAt: number;
  lastActiveAt: number;
  sourceIp: string;
  userAgent: string;
}

export interface WsRouteModules {
  $connect: string;
  $disconnect: string;
  $default: string;
  /** The $connect REQUEST authorizer, called before $connect as API Gateway does. */
  authorizer?: string;
}

/** Connection ids look like API Gateway's: 16 characters of base64 ending in '='. */
function newConnectionId(): string {
  return `${randomBytes(11).toString('base64url')}=`;
}

type EventType = 'CONNECT' | 'MESSAGE' | 'DISCONNECT';

interface Base {
  connectionId: string;
  connectedAt: number;
  domainName: string;
  sourceIp: string;
  userAgent: string;
}

function requestContext(b: Base, routeKey: string, eventType: EventType, extra: Record<string, unknown> = {}) {
  const now = new Date();
  return {
    routeKey,
    eventType,
    messageDirection: 'IN' as const,
    connectionId: b.connectionId,
    connectedAt: b.connectedAt,
    requestId: randomUUID(),
    extendedRequestId: randomUUID(),
    domainName: b.domainName,
    stage: '$default',
    apiId: 'local',
    requestTime: gatewayTime(now),
    requestTimeEpoch: now.getTime(),
    identity: { sourceIp: b.sourceIp, userAgent: b.userAgent },
    ...extra,
  };
}

class Refused extends Error {
  constructor(readonly status: number) {
    super(`refused with ${status}`);
  }
}

function logError(what: string, connectionId: string, error: unknown) {
  console.error(JSON.stringify({ level: 'error', source: 'local-ws', what, connectionId, error: String(error) }));
}

/**
 * `/ws`: the WebSocket API. An upgrade runs the authorizer and `$connect`; only a 2xx completes the handshake (anything
 * else, or a throw, refuses it with that status). Each message runs `$default` (its result is not sent back: replies
 * go through @connections), a close runs `$disconnect`. Events per connection are delivered in order.
 */
export function createWsGateway(opts: { routes: WsRouteModules; log?: boolean }) {
  const connections = new Map<string, LocalConnection>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_WS_MESSAGE_BYTES });
  /** Event chains of closed sockets still running $disconnect, so close() can wait for them. */
  const disconnecting = new Set<Promise<void>>();

  async function invoke(module: string, event: unknown, requestId: string): Promise<unknown> {
    const handler = await loadHandler(module);
    return handler(event, lambdaContext(module, requestId));
  }

  async function authorize(
    req: IncomingMessage,
    base: Base,
    headers: Record<string, string>,
    query?: Record<string, string>,
  ) {
    if (!opts.routes.authorizer) return undefined;
    const ctx = requestContext(base, '$connect', 'CONNECT');
    const event = {
      type: 'REQUEST',
      methodArn: `arn:aws:execute-api:us-east-1:000000000000:local/$default/$connect`,
      headers,
      multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.split(',')])),
      queryStringParameters: query ?? {},
      multiValueQueryStringParameters: Object.fromEntries(
        Object.entries(query ?? {}).map(([k, v]) => [k, v.split(',')]),
      ),
      stageVariables: {},
      requestContext: ctx,
    };
    let result: {
      principalId?: string;
      policyDocument?: { Statement?: { Effect?: string }[] };
      context?: Record<string, unknown>;
    };
    try {
      result = (await invoke(opts.routes.authorizer, event, ctx.requestId)) as typeof result;
    } catch (error) {
      // Lambda authorizers signal "no valid token" by throwing 'Unauthorized'.
      if (error instanceof Error && error.message === 'Unauthorized') throw new Refused(401);
      logError('authorizer failed', base.connectionId, error);
      throw new Refused(500);
    }
    const statements = result?.policyDocument?.Statement ?? [];
    if (!statements.length || statements.some((s) => s.Effect !== 'Allow')) throw new Refused(403);
    return { principalId: result.principalId, ...result.context };
  }

  function refuse(socket: Duplex, status: number) {
    const reason =
      status === 401
        ? 'Unauthorized'
        : status === 403
          ? 'Forbidden'
          : status >= 500
            ? 'Internal Server Error'
            : 'Bad Request';
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  }

  async function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const { headers } = headersOf(req);
    const rawQuery = (req.url ?? '').split('?')[1] ?? '';
    const query = queryParameters(rawQuery);
    const base: Base = {
      connectionId: newConnectionId(),
      connectedAt: Date.now(),
      domainName: (headers.host ?? 'localhost').replace(/:\d+$/, ''),
      sourceIp: sourceIp(req),
      userAgent: headers['user-agent'] ?? '',
    };
    try {
      const authorizer = await authorize(req, base, headers, query);
      const ctx = requestContext(base, '$connect', 'CONNECT', authorizer ? { authorizer } : {});
      const event = { requestContext: ctx, headers, queryStringParameters: query, isBase64Encoded: false };
      let status = 200;
      try {
        const result = (await invoke(opts.routes.$connect, event, ctx.requestId)) as
          { statusCode?: number } | undefined;
        status = result?.statusCode ?? 200;
      } catch (error) {
        logError('$connect failed', base.connectionId, error);
        status = 500;
      }
      if (status >= 300) throw new Refused(status);
    } catch (error) {
      refuse(socket, error instanceof Refused ? error.status : 500);
      return;
    }
    if (socket.destroyed) return;
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws, base));
  }

  function attach(ws: WebSocket, base: Base) {
    const conn: LocalConnection = {
      socket: ws,
      connectedAt: base.connectedAt,
      lastActiveAt: Date.now(),
      sourceIp: base.sourceIp,
      userAgent: base.userAgent,
    };
    connections.set(base.connectionId, conn);
    let chain = Promise.resolve();
    const enqueue = (work: () => Promise<void>) => {
      chain = chain.then(work).catch((error) => logError('socket route failed', base.connectionId, error));
    };
    ws.on('message', (data: RawData, isBinary: boolean) => {
      conn.lastActiveAt = Date.now();
      const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      enqueue(async () => {
        const ctx = requestContext(base, '$default', 'MESSAGE', { messageId: randomUUID() });
        const event = {
          requestContext: ctx,
          body: isBinary ? buf.toString('base64') : buf.toString('utf8'),
          isBase64Encoded: isBinary,
        };
        await invoke(opts.routes.$default, event, ctx.requestId);
      });
    });
    ws.on('close', (code: number, reason: Buffer) => {
      connections.delete(base.connectionId);
      enqueue(async () => {
        const ctx = requestContext(base, '$disconnect', 'DISCONNECT', {
          disconnectStatusCode: code,
          disconnectReason: reason.toString(),
        });
        await invoke(
          opts.routes.$disconnect,
          { requestContext: ctx, headers: {}, isBase64Encoded: false },
          ctx.requestId,
        );
      });
      const last = chain;
      disconnecting.add(last);
      void last.finally(() => disconnecting.delete(last));
    });
    ws.on('error', (error) => logError('socket error', base.connectionId, error));
  }

  return {
    connections,
    handleUpgrade,
    /** Closes every socket (each runs $disconnect) and waits for the handlers to finish. */
    async close(): Promise<void> {
      for (const conn of connections.values()) conn.socket.close(1001, 'server shutting down');
      const deadline = Date.now() + 2_000;
      while (connections.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      for (const conn of connections.values()) conn.socket.terminate();
      await Promise.all([...disconnecting]);
      wss.close();
    },
  };
}

export type WsGateway = ReturnType<typeof createWsGateway>;
