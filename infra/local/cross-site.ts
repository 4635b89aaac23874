import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The cross-site rule of the local runtime's control paths (decision 077): `/_local/*`, the `@connections` endpoint,
 * the stand-ins' test and control routes and their form pages. Any page a developer's browser has open could
 * otherwise post to them: HTML forms and `text/plain` fetches are "simple" requests that no CORS preflight stops.
 */

export interface CrossSiteRules {
  /** The service's own origins (scheme://host:port); every other Origin is refused. */
  origins: () => readonly string[];
  /**
   * 'json': a request that carries a body (or names its type) must be application/json, which a browser only sends
   * cross-site after a preflight these services never grant. 'signed': any body, but only with a SigV4 Authorization
   * header (the `@connections` API, whose SDK sends raw bytes), which needs that preflight too. 'form': the service's
   * own pages post forms.
   */
  body: 'json' | 'signed' | 'form';
}

export interface Refusal {
  status: 403 | 415;
  message: string;
}

/** The origins a local service on `port` is reached by from a browser on the same machine. */
export function loopbackOrigins(port: number): string[] {
  return ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${port}`);
}

/** The origin of `url`, or none when it is not a URL. */
export function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

function mediaType(req: IncomingMessage): string | undefined {
  const type = req.headers['content-type'];
  return type === undefined ? undefined : type.split(';')[0]!.trim().toLowerCase();
}

function carriesBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Why a request is refused, or null. A browser names the page's origin on every cross-origin request and on every
 * POST; without one, Sec-Fetch-Site (sent by current browsers) must not say another site. Clients that are not
 * browsers (tests, curl, the SDK) send neither.
 */
export function crossSiteRefusal(req: IncomingMessage, rules: CrossSiteRules): Refusal | null {
  const origin = req.headers.origin;
  if (origin !== undefined) {
    if (!rules.origins().includes(origin)) return { status: 403, message: 'Cross-site requests are refused' };
  } else {
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      return { status: 403, message: 'Cross-site requests are refused' };
    }
  }
  if (rules.body === 'signed' && !/^AWS4-HMAC-SHA256 /.test(req.headers.authorization ?? '')) {
    return { status: 403, message: 'Missing Authentication Token' };
  }
  if (rules.body === 'json') {
    const type = mediaType(req);
    if ((type !== undefined || carriesBody(req)) && type !== 'application/json') {
      return { status: 415, message: 'Send the body as application/json' };
    }
  }
  return null;
}

/**
 * Answers a refused request (the body is drained so the answer reaches the client) and returns true; false when the
 * request may go on. `write` answers in the service's own error shape.
 */
export function refuseCrossSite(
  req: IncomingMessage,
  res: ServerResponse,
  rules: CrossSiteRules,
  write: (refusal: Refusal) => void,
): boolean {
  const refusal = crossSiteRefusal(req, rules);
  if (!refusal) return false;
  req.resume();
  write(refusal);
  return true;
}
