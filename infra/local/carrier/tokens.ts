import { randomBytes, timingSafeEqual } from 'node:crypto';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** Which key pair a token came from: FedEx's Track API is its own project type with its own pair. */
export type TokenScope = 'main' | 'track';

/** What FedEx's answers say (observed: 3599). */
export const TOKEN_LIFETIME_SECONDS = 3599;
const MAX_TOKENS = 1_000;

export type TokenCheck = { ok: true } | { ok: false; status: 401 | 403; code: string; message: string };

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * OAuth client credentials as FedEx runs them: opaque bearer tokens for a client id and secret, expiring after
 * TOKEN_LIFETIME_SECONDS. Kept in memory only, so a restart makes clients fetch a new token (as an early expiry would).
 * With a Track pair configured, Track needs its token and the other APIs the main one.
 */
export class TokenIssuer {
  private readonly tokens = new Map<string, { scope: TokenScope; expiresAt: number }>();

  constructor(
    private readonly clients: { main: ClientCredentials; track?: ClientCredentials },
    private readonly now: () => number,
  ) {}

  /** The scope of a client id and secret, or null when they are not ours. */
  private scopeOf(clientId: string, clientSecret: string): TokenScope | null {
    const { main, track } = this.clients;
    if (same(clientId, main.clientId) && same(clientSecret, main.clientSecret)) return 'main';
    if (track && same(clientId, track.clientId) && same(clientSecret, track.clientSecret)) return 'track';
    return null;
  }

  issue(clientId: string, clientSecret: string): { accessToken: string; expiresIn: number } | null {
    const scope = this.scopeOf(clientId, clientSecret);
    if (!scope) return null;
    const now = this.now();
    for (const [token, t] of this.tokens) if (t.expiresAt <= now) this.tokens.delete(token);
    for (const token of this.tokens.keys()) {
      if (this.tokens.size < MAX_TOKENS) break;
      this.tokens.delete(token);
    }
    const accessToken = randomBytes(32).toString('base64url');
    this.tokens.set(accessToken, { scope, expiresAt: now + TOKEN_LIFETIME_SECONDS * 1000 });
    return { accessToken, expiresIn: TOKEN_LIFETIME_SECONDS };
  }

  /** The bearer token of a request, for an API of this scope. */
  check(authorization: string | undefined, need: TokenScope): TokenCheck {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    const found = token ? this.tokens.get(token) : undefined;
    if (!found || found.expiresAt <= this.now()) {
      return {
        ok: false,
        status: 401,
        code: 'NOT.AUTHORIZED.ERROR',
        message: 'Access token expired. Please modify your request and try again.',
      };
    }
    const wanted = need === 'track' && this.clients.track ? 'track' : 'main';
    if (found.scope !== wanted) {
      return {
        ok: false,
        status: 403,
        code: 'FORBIDDEN.ERROR',
        message: 'We could not authorize your credentials. Please check your permissions and try again.',
      };
    }
    return { ok: true };
  }

  /** Tests: every token stops working at once (as if they had expired). */
  revokeAll(): number {
    const n = this.tokens.size;
    this.tokens.clear();
    return n;
  }
}
