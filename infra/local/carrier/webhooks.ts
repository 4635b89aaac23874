import { createHmac, randomUUID } from 'node:crypto';
import type { ParcelRecord } from './parcel-store';
import { trackResultOf } from './track-result';

export interface WebhookOptions {
  /** Where events go; none = no webhooks (set later with setUrl). */
  url?: string | null;
  /** The webhook's security token: the HMAC key of fdx-signature. */
  securityToken: string;
  /** Waits before each retry; FedEx retries 3 times over about 15 minutes, the stand-in within seconds. */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  log: (line: string) => void;
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000];

/** FedEx's signature: base64 HMAC-SHA256 of the raw body bytes, keyed with the security token. */
export const fedexSignature = (body: string, token: string) =>
  createHmac('sha256', token).update(body, 'utf8').digest('base64');

/**
 * FedEx Advanced Integrated Visibility webhooks: every scan POSTs the parcel's Track result in FedEx's envelope
 * `{ transactionId, outputMetaData, output: { completeTrackResults } }` with `fdx-signature`. Anything but 200 or 202
 * is a failure, retried 3 times; a delivery that still fails is only logged (the stand-in carries on).
 */
export class WebhookSender {
  private url: string | null;
  private readonly pending = new Set<AbortController>();

  constructor(private readonly opts: WebhookOptions) {
    this.url = opts.url ?? null;
  }

  get target(): string | null {
    return this.url;
  }

  setUrl(url: string | null): void {
    this.url = url;
  }

  /** Sends the parcel's current state; resolves when delivered or given up (never rejects). */
  send(parcel: ParcelRecord): Promise<void> {
    const url = this.url;
    if (!url) return Promise.resolve();
    // The state at this scan, not whatever the parcel becomes while retries wait.
    const result = trackResultOf(structuredClone(parcel));
    const abort = new AbortController();
    this.pending.add(abort);
    return this.deliver(url, parcel.trackingNumber, result, abort.signal).finally(() => this.pending.delete(abort));
  }

  private async deliver(url: string, trackingNumber: string, result: unknown, signal: AbortSignal): Promise<void> {
    const delays = this.opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    const transactionId = randomUUID();
    let last = '';
    for (let attempt = 1; attempt <= delays.length + 1; attempt += 1) {
      if (attempt > 1) {
        const wait = delays[attempt - 2]!;
        const waited = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(true), wait);
          signal.addEventListener('abort', () => (clearTimeout(timer), resolve(false)), { once: true });
        });
        if (!waited) return;
      }
      const body = JSON.stringify({
        transactionId,
        outputMetaData: [{ eventTimestamp: new Date().toISOString(), attemptNumber: attempt }],
        output: { completeTrackResults: [{ trackingNumber, trackResults: [result] }] },
      });
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'fdx-signature': fedexSignature(body, this.opts.securityToken),
          },
          body,
          signal: AbortSignal.any([signal, AbortSignal.timeout(this.opts.timeoutMs ?? 5_000)]),
        });
        await res.body?.cancel();
        if (res.status === 200 || res.status === 202) return;
        last = `HTTP ${res.status}`;
      } catch (error) {
        if (signal.aborted) return;
        last = (error as Error).name === 'TimeoutError' ? 'no answer in time' : 'could not connect';
      }
    }
    this.opts.log(
      `webhook for ${trackingNumber} not delivered to ${url} after ${delays.length + 1} attempts (${last})`,
    );
  }

  /** Stops retries in flight (shutdown). */
  stop(): void {
    for (const abort of this.pending) abort.abort();
  }
}
