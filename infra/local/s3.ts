import fs from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import S3rver from 's3rver';
import type * as S3rverAccount from 's3rver/lib/models/account.js';
import { refuseCrossSite } from './cross-site';
import { LOCAL_CREDENTIALS } from './env';

export interface LocalS3 {
  endpoint: string;
  stop(): Promise<void>;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Browser uploads (presigned POST/PUT) and reads go straight to the bucket, so it allows the app's origins. */
function corsXml(origins: string[]): string {
  return [
    '<CORSConfiguration><CORSRule>',
    ...origins.map((o) => `<AllowedOrigin>${escapeXml(o)}</AllowedOrigin>`),
    ...['GET', 'HEAD', 'PUT', 'POST'].map((m) => `<AllowedMethod>${m}</AllowedMethod>`),
    '<AllowedHeader>*</AllowedHeader>',
    '<ExposeHeader>ETag</ExposeHeader>',
    '<MaxAgeSeconds>3000</MaxAgeSeconds>',
    '</CORSRule></CORSConfiguration>',
  ].join('');
}

/**
 * s3rver checks no signature or POST policy, so any page could post a form into the bucket: writes are taken only from
 * the app's pages and from clients that are not browsers (decision 077). Reads stay open, as images may load directly.
 */
function refuseOtherSitesWrites(server: Server, origins: readonly string[]): void {
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  const rules = { origins: () => origins, body: 'form' } as const;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const write = !['GET', 'HEAD', 'OPTIONS'].includes(req.method ?? 'GET');
    const refuse = (r: { status: number; message: string }) =>
      res
        .writeHead(r.status, { 'content-type': 'application/xml' })
        .end(`<Error><Code>AccessDenied</Code><Message>${escapeXml(r.message)}</Message></Error>`);
    if (write && refuseCrossSite(req, res, rules, refuse)) return;
    for (const handler of handlers) handler.call(server, req, res);
  });
}

/**
 * Starts s3rver with its objects under `dir` and the media bucket (with CORS) in place. s3rver only knows its own
 * dummy access key, so the local key pair is registered on its dummy account; it does not verify SigV4 signatures.
 */
export async function startS3(opts: {
  dir: string;
  bucket: string;
  origins: string[];
  log?: boolean;
}): Promise<LocalS3> {
  fs.mkdirSync(opts.dir, { recursive: true });
  const require = createRequire(import.meta.url);
  const account = require('s3rver/lib/models/account.js') as typeof S3rverAccount;
  account.DUMMY_ACCOUNT.createKeyPair(LOCAL_CREDENTIALS.accessKeyId, LOCAL_CREDENTIALS.secretAccessKey);

  const server = new S3rver({
    address: '127.0.0.1',
    // The system's free port, taken as it listens: a port looked up first can be taken by another stack meanwhile.
    port: 0,
    silent: !opts.log,
    directory: opts.dir,
    // Path-style only: the bucket is always the first path segment (S3_FORCE_PATH_STYLE=true).
    vhostBuckets: false,
    configureBuckets: [{ name: opts.bucket, configs: [corsXml(opts.origins)] }],
  });
  const { port } = await server.run();
  refuseOtherSitesWrites(server.httpServer!, opts.origins);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.httpServer?.closeAllConnections();
      await server.close();
    },
  };
}
