import { randomUUID } from 'node:crypto';
import { CarrierError, carrierNotConfigured } from '../../core/shipping/carrier-error';
import { errorOfAnswer, isStaleConnection, readJson, unreachable, unreadable } from './fedex-errors';
import { outputSchema } from './fedex-schemas';
import { FedexTokenCache, type FedexCredentials, type FedexCredentialSource } from './fedex-token';

export interface FedexApiOptions {
  /** e.g. https://apis.fedex.com, https://apis-sandbox.fedex.com or the local stand-in. */
  baseUrl: string;
  credentials: FedexCredentialSource;
  /** FedEx's separate Track key pair; Track uses `credentials` when absent or when it resolves to none. */
  trackCredentials?: () => Promise<FedexCredentials | undefined>;
  /** Per HTTP request (token and API call each); default 5 s, inside a 10 s function. */
  timeoutMs?: number;
  now?: () => number;
}

/** Which key pair a call uses: Track is its own FedEx project type. */
export type FedexScope = 'main' | 'track';

const DEFAULT_TIMEOUT_MS = 5_000;

/**
 * FedEx's JSON APIs over global fetch: the bearer token of the right key pair, FedEx's headers, one refresh and retry
 * when FedEx says the token is no longer good (401), and FedEx's error shape mapped to CarrierError. Resolves with
 * the answer's `output` object, for the caller to validate.
 */
export class FedexApi {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly tokens: Record<FedexScope, FedexTokenCache>;

  constructor(private readonly opts: FedexApiOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.tokens = {
      main: new FedexTokenCache(this.baseUrl, this.timeoutMs, opts.now),
      track: new FedexTokenCache(this.baseUrl, this.timeoutMs, opts.now),
    };
  }

  /** The pair a scope uses now and the token cache it is kept in (Track without a pair of its own: the main one's). */
  private async pairOf(scope: FedexScope): Promise<{ tokens: FedexTokenCache; credentials: FedexCredentials }> {
    try {
      const track = scope === 'track' ? await this.opts.trackCredentials?.() : undefined;
      if (track) return { tokens: this.tokens.track, credentials: track };
      return { tokens: this.tokens.main, credentials: await this.opts.credentials() };
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw carrierNotConfigured(detail);
    }
  }

  /** Resolves once each key pair in use holds a token: FedEx accepted our credentials. */
  async checkCredentials(): Promise<void> {
    await Promise.all(
      (['main', 'track'] as const).map(async (scope) => {
        const { tokens, credentials } = await this.pairOf(scope);
        await tokens.get(credentials);
      }),
    );
  }

  /**
   * `repeatable`: the call may be sent again when a stale pooled connection swallowed it (rates, track, cancel); a new
   * shipment is not, as a second one could be created.
   */
  async call(
    scope: FedexScope,
    method: 'POST' | 'PUT',
    path: string,
    body: unknown,
    what: string,
    {
      repeatable = true,
      customerTransactionId = randomUUID(),
    }: { repeatable?: boolean; customerTransactionId?: string } = {},
  ): Promise<Record<string, unknown>> {
    const { tokens, credentials } = await this.pairOf(scope);
    const send = async (token: string) => {
      try {
        return await this.send(method, path, body, token, customerTransactionId);
      } catch (error) {
        if (!repeatable || !isStaleConnection(error)) throw error;
        return this.send(method, path, body, token, customerTransactionId);
      }
    };
    let token = await tokens.get(credentials);
    let answer: { status: number; body: unknown };
    try {
      answer = await send(token);
      if (answer.status === 401) {
        // Tokens can end before expires_in says (revoked, or our clock ahead): one fresh token, one retry. A 401 means
        // FedEx did nothing with the request, so this holds for a new shipment too.
        tokens.invalidate(token);
        token = await tokens.get(credentials);
        answer = await send(token);
      }
    } catch (error) {
      if (error instanceof CarrierError) throw error;
      throw unreachable(error, what);
    }
    if (answer.status < 200 || answer.status > 299) throw errorOfAnswer(answer.status, answer.body, what);
    const parsed = outputSchema.safeParse(answer.body);
    if (!parsed.success) throw unreadable(what, answer.status);
    return parsed.data.output;
  }

  private async send(
    method: string,
    path: string,
    body: unknown,
    token: string,
    customerTransactionId: string,
  ): Promise<{ status: number; body: unknown }> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json',
        'x-locale': 'en_US',
        'x-customer-transaction-id': customerTransactionId,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    return { status: res.status, body: await readJson(res) };
  }
}
