import { randomUUID } from 'node:crypto';
import { xamanWebhookSignature } from '../../../functions/adapters/signer/xaman-webhook-signature';
import { returnUrls, type PayloadEvent, type PayloadStore } from './payload-store';

const ATTEMPTS = 3;
const RETRY_MS = 1000;

export interface XamanWebhooks {
  /** Where resolved payloads are announced (the application's Webhook URL in Xaman's developer console); null: none. */
  setUrl(url: string | null): void;
  close(): void;
}

/**
 * Xaman's application webhook: when a payload is signed or rejected, a POST with `meta`, `custom_meta` and
 * `payloadResponse` (never the blob: the backend fetches the payload with its secret), signed with the API secret.
 * A failed delivery is retried a few times, then only logged.
 */
export function createWebhooks(
  store: PayloadStore,
  opts: { appUuid: string; apiSecret: string; log: (m: string) => void },
): XamanWebhooks {
  let url: string | null = null;
  let closed = false;
  const deliver = async (target: string, body: string) => {
    for (let attempt = 1; attempt <= ATTEMPTS && !closed; attempt++) {
      const timestamp = String(Math.floor(Date.now() / 1000));
      try {
        const res = await fetch(target, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-xumm-request-timestamp': timestamp,
            'x-xumm-request-signature': xamanWebhookSignature(opts.apiSecret, timestamp, body),
          },
          body,
          signal: AbortSignal.timeout(30_000),
        });
        await res.arrayBuffer();
        if (res.ok) return;
        opts.log(`webhook answered ${res.status} (attempt ${attempt})`);
      } catch (error) {
        opts.log(`webhook failed: ${(error as Error).message} (attempt ${attempt})`);
      }
      await new Promise((r) => setTimeout(r, RETRY_MS * attempt).unref());
    }
  };
  const onEvent = (e: PayloadEvent) => {
    const p = store.get(e.uuid);
    if (e.kind !== 'resolved' || !p || !url) return;
    const body = JSON.stringify({
      meta: { url, application_uuidv4: opts.appUuid, payload_uuidv4: p.uuid, opened_by_deeplink: true },
      custom_meta: p.customMeta,
      payloadResponse: {
        payload_uuidv4: p.uuid,
        reference_call_uuidv4: randomUUID(),
        signed: p.state === 'signed',
        user_token: false,
        return_url: returnUrls(p),
        txid: p.response?.txid ?? null,
      },
      userToken: null,
    });
    void deliver(url, body);
  };
  store.on('event', onEvent);
  return {
    setUrl: (next) => {
      url = next;
    },
    close: () => {
      closed = true;
      store.off('event', onEvent);
    },
  };
}
