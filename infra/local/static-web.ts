import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { setSecurityHeaders } from './security-headers';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json|wasm)|image\/svg\+xml)/;

interface CachedFile {
  mtimeMs: number;
  size: number;
  etag: string;
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

function pickEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  const a = (accept ?? '').toLowerCase();
  if (/\bbr\b/.test(a)) return 'br';
  if (/\bgzip\b/.test(a)) return 'gzip';
  return undefined;
}

/**
 * Serves the built web app as CloudFront does in AWS: files from `root`, SPA fallback to index.html for paths without
 * an extension, long-lived caching for hashed /assets/*, no-cache for index.html, brotli or gzip (compressed once per
 * file version and kept in memory), with the security headers CloudFront adds.
 */
export function createStaticWeb(root: string) {
  const base = path.resolve(root);
  const cache = new Map<string, CachedFile>();

  function load(file: string): CachedFile | undefined {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return undefined;
    }
    if (!stat.isFile()) return undefined;
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === stat.mtimeMs && hit.size === stat.size) return hit;
    const entry: CachedFile = {
      mtimeMs: stat.mtimeMs,
      size: stat.size,
      etag: `W/"${stat.size.toString(16)}-${Math.round(stat.mtimeMs).toString(16)}"`,
      raw: fs.readFileSync(file),
    };
    cache.set(file, entry);
    return entry;
  }

  function encoded(entry: CachedFile, encoding: 'br' | 'gzip'): Buffer {
    if (encoding === 'br') {
      entry.br ??= zlib.brotliCompressSync(entry.raw, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.raw.length },
      });
      return entry.br;
    }
    entry.gzip ??= zlib.gzipSync(entry.raw, { level: 9 });
    return entry.gzip;
  }

  function notFound(res: ServerResponse) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' }).end('Not Found');
  }

  return function handleStatic(req: IncomingMessage, res: ServerResponse): void {
    req.resume();
    setSecurityHeaders(res);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method Not Allowed');
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    } catch {
      notFound(res);
      return;
    }
    const requested = path.resolve(base, `.${pathname}`);
    if (requested !== base && !requested.startsWith(base + path.sep)) {
      notFound(res);
      return;
    }
    const hasExtension = path.extname(pathname) !== '';
    let file = pathname.endsWith('/') ? path.join(requested, 'index.html') : requested;
    let entry = load(file);
    if (!entry && !hasExtension) {
      file = path.join(base, 'index.html');
      entry = load(file);
    }
    if (!entry) {
      notFound(res);
      return;
    }
    const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const isIndex = path.basename(file) === 'index.html';
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': !isIndex && pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      etag: entry.etag,
    };
    if (req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, { etag: entry.etag, 'cache-control': headers['cache-control']! }).end();
      return;
    }
    let body = entry.raw;
    const encoding =
      COMPRESSIBLE.test(type) && entry.raw.length > 512 ? pickEncoding(req.headers['accept-encoding']) : undefined;
    if (COMPRESSIBLE.test(type)) headers.vary = 'accept-encoding';
    if (encoding) {
      body = encoded(entry, encoding);
      headers['content-encoding'] = encoding;
    }
    headers['content-length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
