import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../read-body';

/** Bodies the stand-in reads at most (a 30-number track request or a shipment is a few KB). */
export const BODY_LIMIT = 64 * 1024;

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res
    .writeHead(status, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
      ...headers,
    })
    .end(text);
}

/** FedEx's error shape: `{ transactionId, customerTransactionId?, errors: [{ code, message }] }`. */
export function sendFedexError(
  res: ServerResponse,
  req: IncomingMessage,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) {
  const customer = req.headers['x-customer-transaction-id'];
  sendJson(
    res,
    status,
    {
      transactionId: randomUUID(),
      ...(typeof customer === 'string' && customer && { customerTransactionId: customer.slice(0, 100) }),
      errors: [{ code, message }],
    },
    headers,
  );
}

/** FedEx's success shape around an `output`. */
export function sendFedexOutput(res: ServerResponse, req: IncomingMessage, output: unknown) {
  const customer = req.headers['x-customer-transaction-id'];
  sendJson(res, 200, {
    transactionId: randomUUID(),
    ...(typeof customer === 'string' && customer && { customerTransactionId: customer.slice(0, 100) }),
    output,
  });
}

export type BodyResult = { ok: true; text: string } | { ok: false; status: 413 };

/** The body as text, or 413 when it is over the limit (the connection is then closed rather than drained). */
export async function readText(req: IncomingMessage, limit = BODY_LIMIT): Promise<BodyResult> {
  const body = await readBody(req, limit);
  return body === undefined ? { ok: false, status: 413 } : { ok: true, text: body.toString('utf8') };
}

/** Answers an over-long body: FedEx's shape, and the connection closed so the rest is not read. */
export function sendTooLarge(res: ServerResponse, req: IncomingMessage) {
  sendFedexError(res, req, 413, 'REQUEST.ENTITY.TOO.LARGE', 'The request is too large.', { connection: 'close' });
}

/** JSON from text; undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
