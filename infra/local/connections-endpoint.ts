import type { IncomingMessage, ServerResponse } from 'node:http';
import { refuseCrossSite } from './cross-site';
import { readBody } from './read-body';
import { MAX_WS_MESSAGE_BYTES, type LocalConnection } from './ws-gateway';

export const CONNECTIONS_PREFIX = '/_ws/@connections/';

/** Errors as the management API sends them, so the SDK raises its typed exceptions (GoneException, ...). */
function awsError(res: ServerResponse, status: number, type: string, message: string) {
  const body = JSON.stringify({ message });
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'x-amzn-errortype': type,
  });
  res.end(body);
}

/**
 * The local `@connections` management API (what `@aws-sdk/client-apigatewaymanagementapi` calls with
 * endpoint `${url}/_ws`): POST sends the raw body as one text frame, GET describes, DELETE closes. Unknown ids are
 * 410 GoneException, as in AWS. As there, only signed calls are taken (the signature itself is not checked), and
 * never from another site's page (decision 077).
 */
export function createConnectionsEndpoint(
  connections: Map<string, LocalConnection>,
  opts: { origins: readonly string[] },
) {
  const rules = { origins: () => opts.origins, body: 'signed' } as const;
  return async function handleConnections(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (refuseCrossSite(req, res, rules, (r) => awsError(res, r.status, 'ForbiddenException', r.message))) return;
    const path = (req.url ?? '').split('?')[0]!;
    let id: string;
    try {
      id = decodeURIComponent(path.slice(CONNECTIONS_PREFIX.length));
    } catch {
      id = '';
    }
    const conn = id ? connections.get(id) : undefined;
    if (req.method === 'POST') {
      const body = await readBody(req, MAX_WS_MESSAGE_BYTES);
      if (!body) return awsError(res, 413, 'PayloadTooLargeException', 'Message too long');
      if (!conn || conn.socket.readyState !== conn.socket.OPEN) return awsError(res, 410, 'GoneException', 'Gone');
      await new Promise<void>((resolve, reject) =>
        conn.socket.send(body.toString('utf8'), { binary: false }, (err) => (err ? reject(err) : resolve())),
      ).catch(() => undefined);
      res.writeHead(200, { 'content-length': '0' }).end();
      return;
    }
    req.resume();
    if (!conn) return awsError(res, 410, 'GoneException', 'Gone');
    if (req.method === 'GET') {
      const body = JSON.stringify({
        connectedAt: new Date(conn.connectedAt).toISOString(),
        identity: { sourceIp: conn.sourceIp, userAgent: conn.userAgent },
        lastActiveAt: new Date(conn.lastActiveAt).toISOString(),
      });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
      res.end(body);
      return;
    }
    if (req.method === 'DELETE') {
      conn.socket.close(1000, 'closed by the server');
      res.writeHead(204).end();
      return;
    }
    awsError(res, 405, 'MethodNotAllowedException', 'Use GET, POST or DELETE');
  };
}
