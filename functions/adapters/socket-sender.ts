import http from 'node:http';
import https from 'node:https';
import type { SocketSender } from '../core/realtime/ports';
import { FAN_OUT_CONCURRENCY } from '../core/realtime/publish-event';
import { config } from '../lib/config';
import { sha256Hex, signRequest, type SigningCredentials } from './sigv4';

/** A send that takes longer than this fails (the event is retried) instead of holding the fan-out. */
const SEND_TIMEOUT_MS = 5_000;

/** Keep-alive connections to the @connections endpoint, as many as the fan-out keeps in flight. */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: FAN_OUT_CONCURRENCY }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: FAN_OUT_CONCURRENCY }),
};

/** The function's role credentials: Lambda puts them in the environment (the local runtime sets local ones). */
function credentials(): SigningCredentials {
  const { AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN } = process.env;
  if (!AWS_ACCESS_KEY_ID || !AWS_SECRET_ACCESS_KEY) throw new Error('AWS credentials are not in the environment');
  return {
    accessKeyId: AWS_ACCESS_KEY_ID,
    secretAccessKey: AWS_SECRET_ACCESS_KEY,
    ...(AWS_SESSION_TOKEN && { sessionToken: AWS_SESSION_TOKEN }),
  };
}

class ConnectionsError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
  ) {
    super(`@connections answered ${status}${type ? ` (${type})` : ''}`);
    this.name = 'ConnectionsError';
  }
}

interface Frame {
  body: string;
  hash: string;
}

/** One PostToConnection: 200 sent, 410 (GoneException) gone, anything else throws. */
function post(connectionId: string, { body, hash }: Frame): Promise<'sent' | 'gone'> {
  const url = new URL(
    `${config().WS_CALLBACK_URL.replace(/\/$/, '')}/@connections/${encodeURIComponent(connectionId)}`,
  );
  const headers = signRequest(
    { method: 'POST', url, headers: { 'content-type': 'application/json' }, body, payloadHash: hash },
    credentials(),
    { region: config().AWS_REGION, service: 'execute-api' },
    new Date(),
  );
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(
      url,
      {
        method: 'POST',
        agent: agents[url.protocol as keyof typeof agents],
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: SEND_TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve('sent');
          else if (status === 410) resolve('gone');
          else reject(new ConnectionsError(status, String(res.headers['x-amzn-errortype'] ?? '')));
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`@connections did not answer within ${SEND_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Frames to browsers through the WebSocket API's @connections endpoint, signed with the function's credentials, over
 * keep-alive connections. Not the SDK's client: a fan-out makes one call per subscriber, and the SDK's per-call
 * overhead (~0.5 ms of CPU) was most of a 500-socket push (decision 020).
 */
export const socketSender: SocketSender = {
  send: (connectionId, message) => post(connectionId, frameOf(message)),
};

/** A fan-out sends one message object to every subscriber: it is serialized and hashed once. */
const frames = new WeakMap<object, Frame>();
function frameOf(message: object): Frame {
  let frame = frames.get(message);
  if (!frame) {
    const body = JSON.stringify(message);
    frame = { body, hash: sha256Hex(body) };
    frames.set(message, frame);
  }
  return frame;
}
