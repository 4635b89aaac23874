import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod/mini';
import { parseJson, readText, sendFedexError, sendJson, sendTooLarge } from './http-io';
import { createLocalParcel, isMove, parcelView } from './local-parcels';
import type { ParcelRecord, ParcelStore } from './parcel-store';
import { MOVES } from './scan-events';
import type { TokenIssuer } from './tokens';
import type { WebhookSender } from './webhooks';

export const CONTROL_PREFIX = '/_control/';
const CONTROL_BODY_LIMIT = 16 * 1024;

const createSchema = z.object({
  fromZip: z.string(),
  toZip: z.string(),
  weightLb: z.optional(z.number()),
  serviceType: z.optional(z.string()),
  residential: z.optional(z.boolean()),
  reference: z.optional(z.string()),
});
const moveSchema = z.object({ status: z.string() });
const webhookSchema = z.object({
  url: z.nullable(z.string().check(z.regex(/^https?:\/\/\S+$/))),
});

export interface ControlDeps {
  store: ParcelStore;
  tokens: TokenIssuer;
  webhooks: WebhookSender;
  now: () => Date;
  onScan: (parcel: ParcelRecord) => void;
}

/**
 * The stand-in's JSON controls for tests and scripts (local only, nothing like it at FedEx): make a parcel, move it on,
 * read it, point the webhooks somewhere, and revoke every token (the adapter then has to fetch a new one).
 */
export function createControlApi(deps: ControlDeps) {
  const { store } = deps;
  return async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> => {
    const fail = (status: number, code: string, message: string) => sendFedexError(res, req, status, code, message);
    const readJson = async (): Promise<unknown> => {
      const body = await readText(req, CONTROL_BODY_LIMIT);
      if (!body.ok) {
        sendTooLarge(res, req);
        return undefined;
      }
      const json = body.text.trim() === '' ? {} : parseJson(body.text);
      if (json === undefined) fail(400, 'INVALID.INPUT.EXCEPTION', 'The request body is not JSON.');
      return json;
    };
    const path = pathname.slice(CONTROL_PREFIX.length);
    const one = /^parcels\/(\d{1,34})$/.exec(path);
    const events = /^parcels\/(\d{1,34})\/events$/.exec(path);

    if (path === 'parcels' && req.method === 'GET') {
      req.resume();
      return sendJson(res, 200, { parcels: store.list().map(parcelView) });
    }
    if (path === 'parcels' && req.method === 'POST') {
      const json = await readJson();
      if (json === undefined) return;
      const input = createSchema.safeParse(json);
      if (!input.success) return fail(400, 'INVALID.INPUT.EXCEPTION', 'Expected { fromZip, toZip, weightLb?, ... }.');
      const created = createLocalParcel(store, input.data, deps.now());
      if (!created.ok) return fail(400, 'INVALID.INPUT.EXCEPTION', created.message);
      deps.onScan(created.parcel);
      return sendJson(res, 201, parcelView(created.parcel));
    }
    if (one && req.method === 'GET') {
      req.resume();
      const parcel = store.get(one[1]!);
      return parcel ? sendJson(res, 200, parcelView(parcel)) : fail(404, 'NOT.FOUND.ERROR', 'No such parcel.');
    }
    if (events && req.method === 'POST') {
      const json = await readJson();
      if (json === undefined) return;
      const input = moveSchema.safeParse(json);
      if (!input.success || !isMove(input.data.status)) {
        return fail(400, 'INVALID.INPUT.EXCEPTION', `status must be one of ${MOVES.join(', ')}.`);
      }
      const moved = store.move(events[1]!, input.data.status);
      if (!moved.ok && moved.reason === 'not_found') return fail(404, 'NOT.FOUND.ERROR', 'No such parcel.');
      if (!moved.ok) return fail(409, 'PARCEL.FINAL', 'The parcel is delivered or cancelled: no more scans.');
      deps.onScan(moved.parcel);
      return sendJson(res, 200, parcelView(moved.parcel));
    }
    if (path === 'webhook' && req.method === 'GET') {
      req.resume();
      return sendJson(res, 200, { url: deps.webhooks.target });
    }
    if (path === 'webhook' && req.method === 'PUT') {
      const json = await readJson();
      if (json === undefined) return;
      const input = webhookSchema.safeParse(json);
      if (!input.success) return fail(400, 'INVALID.INPUT.EXCEPTION', 'Expected { url: "http(s)://..." | null }.');
      deps.webhooks.setUrl(input.data.url);
      return sendJson(res, 200, { url: input.data.url });
    }
    if (path === 'tokens/revoke' && req.method === 'POST') {
      req.resume();
      return sendJson(res, 200, { revoked: deps.tokens.revokeAll() });
    }
    req.resume();
    fail(404, 'NOT.FOUND.ERROR', 'No such control.');
  };
}
