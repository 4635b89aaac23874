import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** Content types API Gateway passes as text; any other body arrives base64-encoded with isBase64Encoded=true. */
const TEXT_TYPE = /^(text\/|application\/(json|xml|javascript|x-www-form-urlencoded|graphql)|[^;]*\+(json|xml)\b)/i;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** API Gateway's `requestContext.time` format: 12/Mar/2020:19:03:58 +0000. */
export function gatewayTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s; // malformed escapes reach the handler as sent, as in API Gateway
  }
};

/** Query parameters as HTTP APIs give them: decoded, duplicate keys joined with commas; undefined when none. */
export function queryParameters(raw: string): Record<string, string> | undefined {
  if (!raw) return undefined;
  const out: Record<string, string> = {};
  for (const pair of raw.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    out[key] = key in out ? `${out[key]},${value}` : value;
  }
  return Object.keys(out).length ? out : undefined;
}

/** Lower-cased headers with repeated ones comma-joined; cookies move to `cookies` as in payload format 2.0. */
export function headersOf(req: IncomingMessage): { headers: Record<string, string>; cookies?: string[] } {
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    if (name === 'cookie') {
      cookies = [...(cookies ?? []), ...value.split(/;\s*/).filter(Boolean)];
      continue;
    }
    headers[name] = name in headers ? `${headers[name]},${value}` : value;
  }
  return { headers, cookies };
}

/**
 * Test stacks only (`testControls`): the browser tests play many people from one machine, so each person's context
 * names its own address here, as people arriving from their own networks would (decision 067). Other stacks ignore it.
 */
export const TEST_VIEWER_ADDRESS_HEADER = 'x-test-viewer-address';
const ADDRESS = /^[0-9a-f.:]{2,45}$/i;

export function sourceIp(req: IncomingMessage, trustTestViewerAddress = false): string {
  const claimed = req.headers[TEST_VIEWER_ADDRESS_HEADER];
  if (trustTestViewerAddress && typeof claimed === 'string' && ADDRESS.test(claimed)) return claimed;
  return (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
}

export interface RouteMatch {
  routeKey: string;
  pathParameters?: Record<string, string>;
}

/** Builds the API Gateway HTTP API (payload format 2.0) event for one request. */
export function buildApiEvent(
  req: IncomingMessage,
  body: Buffer,
  match: RouteMatch,
  trustTestViewerAddress = false,
): APIGatewayProxyEventV2 {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const rawPath = q < 0 ? url : url.slice(0, q);
  const rawQueryString = q < 0 ? '' : url.slice(q + 1);
  const { headers, cookies } = headersOf(req);
  const now = new Date();
  const host = headers.host ?? 'localhost';
  const domainName = host.replace(/:\d+$/, '');
  const contentType = headers['content-type'] ?? '';
  const isText = TEXT_TYPE.test(contentType);
  const requestId = randomUUID();
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: match.routeKey,
    rawPath,
    rawQueryString,
    headers,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName,
      domainPrefix: domainName.split('.')[0] ?? domainName,
      http: {
        method: req.method ?? 'GET',
        path: rawPath,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: sourceIp(req, trustTestViewerAddress),
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: match.routeKey,
      stage: '$default',
      time: gatewayTime(now),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: false,
  };
  if (cookies) event.cookies = cookies;
  const query = queryParameters(rawQueryString);
  if (query) event.queryStringParameters = query;
  if (match.pathParameters) event.pathParameters = match.pathParameters;
  if (body.length > 0) {
    event.body = isText ? body.toString('utf8') : body.toString('base64');
    event.isBase64Encoded = !isText;
  }
  return event;
}

/**
 * Writes a handler's result as API Gateway does for payload format 2.0: a structured result is used as is; anything
 * else (an object, a string) is a 200 JSON body.
 */
export function writeApiResult(res: ServerResponse, result: unknown, requestId: string): void {
  const structured =
    result !== null && typeof result === 'object' && 'statusCode' in result
      ? (result as APIGatewayProxyStructuredResultV2)
      : { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(result ?? null) };
  const headers: Record<string, string | string[]> = { 'apigw-requestid': requestId };
  for (const [k, v] of Object.entries(structured.headers ?? {})) headers[k.toLowerCase()] = String(v);
  if (structured.cookies?.length) headers['set-cookie'] = structured.cookies;
  const body =
    structured.body === undefined
      ? Buffer.alloc(0)
      : structured.isBase64Encoded
        ? Buffer.from(structured.body, 'base64')
        : Buffer.from(structured.body, 'utf8');
  if (!headers['content-type'] && body.length > 0) headers['content-type'] = 'text/plain; charset=utf-8';
  headers['content-length'] = String(body.length);
  res.writeHead(structured.statusCode ?? 200, headers);
  res.end(body);
}

/** The gateway's own errors (no route, body too large, handler crash) in the API's error shape. */
export function writeJsonError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  extra: { requestId?: string; headers?: Record<string, string> } = {},
): void {
  const body = JSON.stringify({ error: { code, message, ...(extra.requestId && { requestId: extra.requestId }) } });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    ...(extra.requestId && { 'apigw-requestid': extra.requestId }),
    ...extra.headers,
  });
  res.end(body);
}
