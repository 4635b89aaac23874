import { errorOfAnswer, isStaleConnection, readJson, unreachable, unreadable } from './fedex-errors';
import { tokenSchema } from './fedex-schemas';

export interface FedexCredentials {
  /** The project's API key (OAuth client_id). */
  apiKey: string;
  /** Its secret key (client_secret). */
  apiSecret: string;
}

/**
 * The key pair in use now, asked before every call (the secrets port caches it, a Secrets Manager read in AWS): a pair
 * saved in the admin portal takes effect with the next call's token (decision 071).
 */
export type FedexCredentialSource = () => Promise<FedexCredentials>;

/** A token is renewed this long before FedEx says it expires (at most a fifth of its life), never used to the edge. */
const REFRESH_MARGIN_SECONDS = 300;

/** Which pair a token was issued for: a token of a replaced pair is never used again. */
const pairOf = (c: FedexCredentials) => `${c.apiKey}\n${c.apiSecret}`;

/**
 * One key pair's OAuth token (client credentials), fetched once and kept until shortly before `expires_in` runs out:
 * FedEx throttles the token endpoint per IP, so it must never be asked per request. Concurrent callers share one
 * fetch. The token and the secret never leave this object except as the bearer header.
 */
export class FedexTokenCache {
  private current: { pair: string; token: string; refreshAt: number } | undefined;
  private pending: { pair: string; token: Promise<string> } | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(credentials: FedexCredentials): Promise<string> {
    const pair = pairOf(credentials);
    if (this.current?.pair === pair && this.now() < this.current.refreshAt) return Promise.resolve(this.current.token);
    if (this.pending?.pair !== pair) {
      const fetching = { pair, token: this.fetchToken(credentials, pair) };
      void fetching.token
        .finally(() => {
          if (this.pending === fetching) this.pending = undefined;
        })
        .catch(() => undefined);
      this.pending = fetching;
    }
    return this.pending.token;
  }

  /** The API refused `token` (expired early, revoked): forget it, unless a newer one has replaced it already. */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = undefined;
  }

  private async fetchToken(credentials: FedexCredentials, pair: string): Promise<string> {
    const what = 'issue an access token';
    const startedAt = this.now();
    const post = () =>
      fetch(`${this.baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: credentials.apiKey,
          client_secret: credentials.apiSecret,
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
    this.current = { pair, token: parsed.data.access_token, refreshAt: startedAt + (lifetime - margin) * 1000 };
    return this.current.token;
  }
}
