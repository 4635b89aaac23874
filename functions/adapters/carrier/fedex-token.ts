import { CarrierError } from '../../core/shipping/carrier-error';
import { errorOfAnswer, isStaleConnection, readJson, unreachable, unreadable } from './fedex-errors';
import { tokenSchema } from './fedex-schemas';

export interface FedexCredentials {
  /** The project's API key (OAuth client_id). */
  apiKey: string;
  /** Its secret key (client_secret), read when a token is first needed (a Secrets Manager read in AWS). */
  apiSecret: () => Promise<string>;
}

/** A token is renewed this long before FedEx says it expires (at most a fifth of its life), never used to the edge. */
const REFRESH_MARGIN_SECONDS = 300;

/**
 * One key pair's OAuth token (client credentials), fetched once and kept until shortly before `expires_in` runs out:
 * FedEx throttles the token endpoint per IP, so it must never be asked per request. Concurrent callers share one
 * fetch. The token and the secret never leave this object except as the bearer header.
 */
export class FedexTokenCache {
  private current: { token: string; refreshAt: number } | undefined;
  private pending: Promise<string> | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly credentials: FedexCredentials,
    private readonly timeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<string> {
    if (this.current && this.now() < this.current.refreshAt) return Promise.resolve(this.current.token);
    this.pending ??= this.fetchToken().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** The API refused `token` (expired early, revoked): forget it, unless a newer one has replaced it already. */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = undefined;
  }

  private async fetchToken(): Promise<string> {
    const what = 'issue an access token';
    let secret: string;
    try {
      secret = await this.credentials.apiSecret();
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new CarrierError('unavailable', `The carrier is not configured: ${detail}`);
    }
    const startedAt = this.now();
    const post = () =>
      fetch(`${this.baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: this.credentials.apiKey,
          client_secret: secret,
        }).toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    let res: Response;
    try {
      // Asking for a token twice is harmless: once more when a stale pooled connection swallowed the first ask.
      res = await post().catch((error: unknown) => {
        if (isStaleConnection(error)) return post();
        throw error;
      });
    } catch (error) {
      throw unreachable(error, what);
    }
    const body = await readJson(res);
    if (res.status !== 200) throw errorOfAnswer(res.status, body, what);
    const parsed = tokenSchema.safeParse(body);
    if (!parsed.success) throw unreadable(what, res.status);
    const lifetime = parsed.data.expires_in;
    const margin = Math.min(REFRESH_MARGIN_SECONDS, Math.floor(lifetime / 5));
    // Counted from before the request: the token's clock started at FedEx while the answer was on its way.
    this.current = { token: parsed.data.access_token, refreshAt: startedAt + (lifetime - margin) * 1000 };
    return this.current.token;
  }
}
