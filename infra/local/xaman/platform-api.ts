import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { DEFAULT_EXPIRE_MINUTES, type PayloadStore, type StoredPayload } from './payload-store';

export interface PlatformApiOptions {
  store: PayloadStore;
  apiKey: string;
  apiSecret: string;
  /** Base URL the sign page, QR image and status socket are reached at. */
  publicUrl: string;
  appName: string;
}

const MAX_BODY_BYTES = 256 * 1024;

const createBody = z
  .object({
    txjson: z.looseObject({ TransactionType: z.string().min(1) }).optional(),
    txblob: z
      .string()
      .regex(/^[0-9A-Fa-f]+$/)
      .optional(),
    options: z
      .looseObject({
        submit: z.boolean().optional(),
        expire: z.number().int().positive().max(43_200).optional(),
      })
      .optional(),
    custom_meta: z
      .object({
        identifier: z.string().max(40).nullish(),
        blob: z.record(z.string(), z.unknown()).nullish(),
        instruction: z.string().max(280).nullish(),
      })
      .optional(),
    user_token: z.string().optional(),
  })
  .refine((b) => (b.txjson === undefined) !== (b.txblob === undefined), 'Give exactly one of txjson and txblob');

/** Xaman's error body: a numeric code and a reference the developer console would know. */
function sendError(res: ServerResponse, status: number, code: number, message?: string): void {
  const body = { error: { reference: randomUUID(), code, ...(message ? { message } : {}) } };
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function send(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

export function payloadView(store: PayloadStore, p: StoredPayload, appName: string, appId: string) {
  const expired = store.isExpired(p);
  const json = p.requestJson ?? {};
  return {
    meta: {
      exists: true,
      uuid: p.uuid,
      multisign: false,
      submit: false,
      pathfinding: false,
      pathfinding_fallback: false,
      destination: typeof json.Destination === 'string' ? json.Destination : '',
      resolved_destination: typeof json.Destination === 'string' ? json.Destination : '',
      resolved: p.state !== 'pending',
      signed: p.state === 'signed',
      cancelled: p.state === 'cancelled' || p.state === 'rejected',
      expired,
      pushed: false,
      app_opened: p.opened,
      opened_by_deeplink: p.opened ? true : null,
      return_url_app: null,
      return_url_web: null,
      is_xapp: false,
      signers: null,
    },
    application: { name: appName, description: '', disabled: 0, uuidv4: appId, icon_url: '', issued_user_token: null },
    payload: {
      tx_type: p.txType,
      tx_destination: typeof json.Destination === 'string' ? json.Destination : '',
      tx_destination_tag: typeof json.DestinationTag === 'number' ? json.DestinationTag : null,
      request_json: p.requestJson ?? { TransactionType: p.txType },
      origintype: null,
      signmethod: null,
      created_at: p.createdAt,
      expires_at: p.expiresAt,
      expires_in_seconds: store.expiresInSeconds(p),
    },
    response: {
      hex: p.response?.hex ?? null,
      txid: p.response?.txid ?? null,
      resolved_at: p.resolvedAt,
      dispatched_nodetype: null,
      dispatched_to: null,
      dispatched_result: null,
      dispatched_to_node: null,
      environment_nodeuri: null,
      environment_nodetype: null,
      environment_networkid: null,
      multisign_account: null,
      account: p.response?.account ?? null,
      signer: p.response?.account ?? null,
      signer_pubkey: p.response?.signerPubkey,
      user: null,
    },
    custom_meta: p.customMeta,
  };
}

/**
 * The Xaman platform REST API under /api/v1/platform as xumm-sdk calls it: ping, and create / get / cancel of payloads.
 * Every call must carry our API key and secret.
 */
export function createPlatformApi(opts: PlatformApiOptions) {
  const appId = randomUUID();
  const { store } = opts;
  const view = (p: StoredPayload) => payloadView(store, p, opts.appName, appId);

  return async function handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    if (req.headers['x-api-key'] !== opts.apiKey || req.headers['x-api-secret'] !== opts.apiSecret) {
      req.resume();
      sendError(res, 403, 812, 'Invalid API key or secret');
      return;
    }
    const route = pathname.replace(/^\/api\/v1\/platform\//, '');
    const method = req.method ?? 'GET';

    if (route === 'ping' && method === 'GET') {
      send(res, {
        pong: true,
        auth: {
          application: { uuidv4: appId, name: opts.appName, webhookurl: '', disabled: 0 },
          call: { uuidv4: randomUUID() },
          quota: {},
        },
      });
      return;
    }

    if (route === 'payload' && method === 'POST') {
      let parsed;
      try {
        parsed = createBody.safeParse(await readJson(req));
      } catch {
        sendError(res, 400, 400, 'The request body is not JSON');
        return;
      }
      if (!parsed.success) {
        sendError(res, 400, 602, parsed.error.issues[0]?.message ?? 'Invalid payload');
        return;
      }
      const b = parsed.data;
      const p = store.create({
        txType: b.txjson?.TransactionType ?? 'Blob',
        requestJson: (b.txjson as Record<string, unknown> | undefined) ?? null,
        requestBlob: b.txblob ?? null,
        customMeta: b.custom_meta ?? {},
        expireMinutes: b.options?.expire ?? DEFAULT_EXPIRE_MINUTES,
      });
      const always = `${opts.publicUrl}/sign/${p.uuid}`;
      send(res, {
        uuid: p.uuid,
        next: { always, no_push_msg_received: always },
        refs: {
          qr_png: `${opts.publicUrl}/sign/${p.uuid}_q.png`,
          qr_matrix: `${opts.publicUrl}/sign/${p.uuid}_q.json`,
          qr_uri_quality_opts: ['m', 'q', 'h'],
          websocket_status: `${opts.publicUrl.replace(/^http/, 'ws')}/sign/${p.uuid}`,
        },
        pushed: false,
      });
      return;
    }

    const match = /^payload\/([0-9a-f-]{36})$/.exec(route);
    if (match && (method === 'GET' || method === 'DELETE')) {
      req.resume();
      const p = store.get(match[1]!);
      if (!p) {
        sendError(res, 404, 404, 'Payload not found');
        return;
      }
      if (method === 'GET') {
        send(res, view(p));
        return;
      }
      const result = store.cancel(p.uuid)!;
      send(res, { result, meta: view(p).meta, custom_meta: p.customMeta });
      return;
    }

    req.resume();
    sendError(res, 404, 404, 'No such endpoint');
  };
}
