import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for one request (https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html),
 * as the SDK's signer computes it for non-S3 services (path double-encoded, empty query). Used by the @connections client,
 * whose fan-out makes hundreds of calls per event: the SDK's per-call middleware costs ~10× the signature itself.
 * tests/unit/adapters/sigv4.test.ts checks it against the SDK's own signer.
 */
export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface RequestToSign {
  method: string;
  url: URL;
  /** Headers to sign besides host and the x-amz-* ones this adds. */
  headers: Record<string, string>;
  body: string;
  /** sha256 (hex) of the body when the caller has it already (one body sent to many connections). */
  payloadHash?: string;
}

export const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
/** RFC 3986 percent-encoding, as SigV4 wants it. */
const escapeUri = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The signing key depends only on the secret, day, region and service: kept for the day. */
let cachedKey: { id: string; key: Buffer } | undefined;
function signingKey(secret: string, day: string, region: string, service: string): Buffer {
  const id = `${secret}\n${day}\n${region}\n${service}`;
  if (cachedKey?.id !== id) {
    cachedKey = { id, key: hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request') };
  }
  return cachedKey.key;
}

/** The request's headers with `authorization`, `x-amz-date`, `x-amz-content-sha256` (and the session token) added. */
export function signRequest(
  req: RequestToSign,
  credentials: SigningCredentials,
  scope: { region: string; service: string },
  now: Date,
): Record<string, string> {
  const amzDate = now.toISOString().replace(/[-:]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = req.payloadHash ?? sha256Hex(req.body);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), v])),
    host: req.url.host,
    'x-amz-date': amzDate,
    'x-amz-content-sha256': payloadHash,
    ...(credentials.sessionToken && { 'x-amz-security-token': credentials.sessionToken }),
  };
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const segments = req.url.pathname.split('/').filter((s) => s !== '' && s !== '.');
  const canonicalPath = `/${segments.map(escapeUri).join('/')}`;
  const canonicalRequest = [
    req.method,
    canonicalPath,
    '',
    ...names.map((n) => `${n}:${headers[n]!.trim().replace(/\s+/g, ' ')}`),
    '',
    signedHeaders,
    payloadHash,
  ].join('\n');
  const credentialScope = `${day}/${scope.region}/${scope.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, credentialScope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(credentials.secretAccessKey, day, scope.region, scope.service))
    .update(stringToSign, 'utf8')
    .digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${credentialScope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
