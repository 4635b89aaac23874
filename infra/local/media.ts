import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound, type S3Client } from '@aws-sdk/client-s3';
import { setSecurityHeaders } from './security-headers';

/**
 * `/media/<key>`: serves objects of the media bucket, as CloudFront does in AWS (immutable keys, long cache). Reads go
 * through the real S3 client against the local S3.
 */
export function createMediaHandler(opts: { s3: S3Client; bucket: string }) {
  return async function handleMedia(req: IncomingMessage, res: ServerResponse): Promise<void> {
    req.resume();
    setSecurityHeaders(res);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method Not Allowed');
      return;
    }
    const rawKey = (req.url ?? '').split('?')[0]!.slice('/media/'.length);
    let key: string;
    try {
      key = decodeURIComponent(rawKey);
    } catch {
      key = '';
    }
    if (!key || key.split('/').some((s) => s === '..')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
      return;
    }
    try {
      const input = { Bucket: opts.bucket, Key: key };
      const out =
        req.method === 'HEAD'
          ? await opts.s3.send(new HeadObjectCommand(input))
          : await opts.s3.send(new GetObjectCommand(input));
      const headers: Record<string, string> = {
        'content-type': out.ContentType ?? 'application/octet-stream',
        'cache-control': 'public, max-age=31536000, immutable',
      };
      if (out.ContentLength !== undefined) headers['content-length'] = String(out.ContentLength);
      if (out.ETag) headers.etag = out.ETag;
      if (out.LastModified) headers['last-modified'] = out.LastModified.toUTCString();
      if (out.ETag && req.headers['if-none-match'] === out.ETag) {
        res.writeHead(304, { etag: out.ETag, 'cache-control': headers['cache-control']! }).end();
        ('Body' in out ? (out.Body as Readable | undefined) : undefined)?.destroy();
        return;
      }
      res.writeHead(200, headers);
      const body = 'Body' in out ? (out.Body as Readable | undefined) : undefined;
      if (req.method === 'HEAD' || !body) {
        res.end();
        return;
      }
      body.on('error', () => res.destroy());
      body.pipe(res);
    } catch (error) {
      if (error instanceof NoSuchKey || error instanceof NotFound || (error as { name?: string }).name === 'NotFound') {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
        return;
      }
      console.error(JSON.stringify({ level: 'error', source: 'local-media', key, error: String(error) }));
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad Gateway');
      else res.destroy();
    }
  };
}
