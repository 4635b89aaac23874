import type { IncomingMessage } from 'node:http';

/**
 * A request's URL on a local server. `new URL(req.url, base)` reads a path starting with `//` as another host and throws
 * on a host it cannot parse (a fuzzed `//%F0.../x` crashed a stand-in); the path is always appended to a fixed origin.
 */
export function requestUrl(req: IncomingMessage): URL {
  const target = req.url ?? '/';
  try {
    return new URL(`http://local${target.startsWith('/') ? '' : '/'}${target}`);
  } catch {
    return new URL('http://local/');
  }
}
