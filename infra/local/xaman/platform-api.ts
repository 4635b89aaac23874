import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decode } from 'xrpl';
import * as z from 'zod/mini';
import '../../../shared/zod-locale';
import { DEFAULT_EXPIRE_MINUTES, returnUrls, type PayloadStore, type StoredPayload } from './payload-store';

export interface PlatformApiOptions {
  /** The application's id (Xaman's uuidv4), also named in its webhook calls. */
  appUuid: string;
  /** The application's webhook URL ('' when none). */
  webhookUrl: () => string;
  store: PayloadStore;
  apiKey: string;
  apiSecret: string;
  /** Base URL the sign page, QR image and status socket are reached at. */
  publicUrl: string;
  appName: string;
  /** The ledger signed transactions are prepared against (reported as response.environment_nodeuri). */
  ledgerUrl: string;
}

/** Xaman's error codes for what the stand-in refuses. */
export const ERROR_CODES = { invalidCredentials: 813, invalidPayload: 602, notFound: 404 } as const;

const MAX_BODY_BYTES = 256 * 1024;

const createBody = z
  .object({
    txjson: z.optional(z.looseObject({ TransactionType: z.string().check(z.regex(/^[A-Za-z]{2,40}$/)) })),
    txblob: z.optional(z.string().check(z.regex(/^[0-9A-Fa-f]+$/))),
    options: z.optional(
      z.looseObject({
        submit: z.optional(z.boolean()),
        expire: z.optional(z.number().check(z.int(), z.positive(), z.lte(43_200))),
        return_url: z.optional(z.object({ app: z.optional(z.url()), web: z.optional(z.url()) })),
      }),
    ),
    custom_meta: z.optional(
      z.object({
        identifier: z.nullish(z.string().check(z.maxLength(40))),
        blob: z.nullish(z.record(z.string(), z.unknown())),
        instruction: z.nullish(z.string().check(z.maxLength(280))),
      }),
    ),
    user_token: z.optional(z.string()),
  })
  .check(
    z.refine((b) => (b.txjson === undefined) !== (b.txblob === undefined), 'Give exactly one of txjson and txblob'),
  );

/** Xaman's error body (`{ error: { reference, code } }`), with a message for the developer reading it. */
function sendError(res: ServerResponse, status: number, code: number, message: string): void {
  const body = { error: { reference: randomUUID(), code, message } };
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

function decodeBlob(blob: string): Record<string, unknown> | undefined {
  try {
    const tx = decode(blob) as Record<string, unknown>;
    return typeof tx.TransactionType === 'string' ? tx : undefined;
  } catch {
    return undefined;
  }
}

/** The payload as GET /payload/<uuid> returns it (XummGetPayloadResponse). */
export function payloadView(
  store: PayloadStore,
  p: StoredPayload,
  app: { name: string; uuidv4: string },
  ledgerUrl: string,
) {
  const json = p.requestJson;
  const destination = typeof json.Destination === 'string' ? json.Destination : '';
  const signed = p.response;
  return {
    meta: {
      exists: true,
      uuid: p.uuid,
      multisign: false,
      submit: false,
      pathfinding: false,
      pathfinding_fallback: false,
      destination,
      resolved_destination: destination,
      resolved: p.state === 'signed' || p.state === 'rejected',
      signed: p.state === 'signed',
      cancelled: p.state === 'cancelled',
      expired: store.isExpired(p),
      pushed: false,
      app_opened: p.openedAt !== null,
      opened_by_deeplink: p.openedAt !== null ? true : null,
      return_url_app: returnUrls(p).app,
      return_url_web: returnUrls(p).web,
      is_xapp: false,
      signers: null,
    },
    application: {
      name: app.name,
      description: 'Local Xaman stand-in',
      disabled: 0 as const,
      uuidv4: app.uuidv4,
      icon_url: '',
      issued_user_token: null,
    },
    payload: {
      tx_type: p.txType,
      tx_destination: destination,
      tx_destination_tag: typeof json.DestinationTag === 'number' ? json.DestinationTag : null,
      request_json: json,
      origintype: p.openedAt !== null ? 'DEEP_LINK' : null,
      signmethod: signed ? 'OTHER' : null,
      created_at: p.createdAt,
      expires_at: p.expiresAt,
      expires_in_seconds: store.expiresInSeconds(p),
    },
    response: {
      hex: signed?.hex ?? null,
      txid: signed?.txid ?? null,
      resolved_at: p.resolvedAt,
      dispatched_nodetype: null,
      dispatched_to: null,
      dispatched_result: null,
      dispatched_to_node: null,
      environment_nodeuri: signed ? ledgerUrl : null,
      environment_nodetype: signed ? 'CUSTOM' : null,
      environment_networkid: null,
      multisign_account: null,
      account: signed?.account ?? null,
      signer: signed?.account ?? null,
      signer_pubkey: signed?.signerPubkey,
      approved_with: signed ? ('OTHER' as const) : undefined,
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
  const app = { name: opts.appName, uuidv4: opts.appUuid };
  const { store } = opts;
  const view = (p: StoredPayload) => payloadView(store, p, app, opts.ledgerUrl);

  return async function handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    if (req.headers['x-api-key'] !== opts.apiKey || req.headers['x-api-secret'] !== opts.apiSecret) {
      req.resume();
      sendError(res, 403, ERROR_CODES.invalidCredentials, 'Invalid API key and/or secret');
      return;
    }
    const route = pathname.replace(/^\/api\/v1\/platform\//, '');
    const method = req.method ?? 'GET';

    if (route === 'ping' && method === 'GET') {
      req.resume();
      send(res, {
        pong: true,
        auth: {
          quota: {},
          application: { uuidv4: app.uuidv4, name: app.name, webhookurl: opts.webhookUrl(), disabled: 0 },
          call: { uuidv4: randomUUID() },
        },
      });
      return;
    }

    if (route === 'payload' && method === 'POST') {
      let parsed;
      try {
        parsed = createBody.safeParse(await readJson(req));
      } catch {
        sendError(res, 400, ERROR_CODES.invalidPayload, 'The request body is not JSON');
        return;
      }
      if (!parsed.success) {
        sendError(res, 400, ERROR_CODES.invalidPayload, parsed.error.issues[0]?.message ?? 'Invalid payload');
        return;
      }
      const b = parsed.data;
      const requestJson = b.txjson ?? (b.txblob ? decodeBlob(b.txblob) : undefined);
      if (!requestJson) {
        sendError(res, 400, ERROR_CODES.invalidPayload, 'txblob is not a transaction');
        return;
      }
      const p = store.create({
        txType: String(requestJson.TransactionType),
        requestJson,
        requestBlob: b.txblob ?? null,
        customMeta: {
          identifier: b.custom_meta?.identifier ?? null,
          blob: b.custom_meta?.blob ?? null,
          instruction: b.custom_meta?.instruction ?? null,
        },
        returnUrl: { app: b.options?.return_url?.app ?? null, web: b.options?.return_url?.web ?? null },
        expireMinutes: b.options?.expire ?? DEFAULT_EXPIRE_MINUTES,
      });
      const always = `${opts.publicUrl}/sign/${p.uuid}`;
      send(res, {
        uuid: p.uuid,
        next: { always, no_push_msg_received: always },
        refs: {
          qr_png: `${always}_q.png`,
          qr_matrix: `${always}_q.json`,
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
        sendError(res, 404, ERROR_CODES.notFound, 'Payload not found');
        return;
      }
      if (method === 'GET') {
        send(res, view(p));
        store.markFetched(p.uuid);
        return;
      }
      const result = store.cancel(p.uuid)!;
      send(res, { result, meta: view(p).meta, custom_meta: p.customMeta });
      return;
    }

    req.resume();
    sendError(res, 404, ERROR_CODES.notFound, 'No such endpoint');
  };
}
