import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { signRequest } from '../../../functions/adapters/sigv4';

const toBytes = (d: string | ArrayBuffer | ArrayBufferView): string | Uint8Array =>
  typeof d === 'string'
    ? d
    : d instanceof ArrayBuffer
      ? new Uint8Array(d)
      : new Uint8Array(d.buffer, d.byteOffset, d.byteLength);

/** The SDK signer's hash interface over node:crypto (what @smithy/hash-node does). */
class Sha256 {
  private readonly h: Hash | Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.h = secret ? createHmac('sha256', toBytes(secret)) : createHash('sha256');
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.h.update(toBytes(data));
  }
  async digest() {
    return new Uint8Array(this.h.digest());
  }
}

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const at = new Date('2026-11-23T23:17:33.123Z');

async function sdkSignature(url: URL, body: string, sessionToken?: string) {
  const signer = new SignatureV4({
    service: 'execute-api',
    region: 'eu-west-1',
    credentials: { ...credentials, ...(sessionToken && { sessionToken }) },
    sha256: Sha256,
  });
  const signed = await signer.sign(
    {
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port && { port: Number(url.port) }),
      path: url.pathname,
      query: {},
      headers: { host: url.host, 'content-type': 'application/json', 'x-amz-content-sha256': sha(body) },
      body,
    },
    { signingDate: at },
  );
  return signed.headers.authorization;
}
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('SigV4 for @connections', () => {
  const cases = [
    ['a plain id', 'https://abc123.execute-api.eu-west-1.amazonaws.com/prod/@connections/L0SM9cOFvHcCIhw='],
    ['an id with + and /', 'https://abc123.execute-api.eu-west-1.amazonaws.com/prod/@connections/Ab%2Bc%2Fd%3D'],
    ['a local endpoint with a port', 'http://localhost:3000/_ws/@connections/xyz%3D'],
  ] as const;

  for (const [name, href] of cases) {
    it(`signs ${name} exactly as the SDK's signer does`, async () => {
      const url = new URL(href);
      const body = JSON.stringify({ type: 'event', topic: 'user:01ABC', event: { id: 'e1' } });
      for (const sessionToken of [undefined, 'FQoGZXIvYXdzEXAMPLETOKEN']) {
        const mine = signRequest(
          { method: 'POST', url, headers: { 'content-type': 'application/json' }, body },
          { ...credentials, ...(sessionToken && { sessionToken }) },
          { region: 'eu-west-1', service: 'execute-api' },
          at,
        );
        expect(mine.authorization).toBe(await sdkSignature(url, body, sessionToken));
        expect(mine['x-amz-date']).toBe('20261123T231733Z');
        if (sessionToken) expect(mine['x-amz-security-token']).toBe(sessionToken);
      }
    });
  }

  it('changes with the body, the day and the key', () => {
    const url = new URL(cases[0][1]);
    const sign = (body: string, when: Date, secret = credentials.secretAccessKey) =>
      signRequest(
        { method: 'POST', url, headers: {}, body },
        { ...credentials, secretAccessKey: secret },
        { region: 'eu-west-1', service: 'execute-api' },
        when,
      ).authorization;
    const base = sign('{}', at);
    expect(sign('{"a":1}', at)).not.toBe(base);
    expect(sign('{}', new Date('2026-11-24T00:00:00Z'))).not.toBe(base);
    expect(sign('{}', at, 'another-secret')).not.toBe(base);
  });
});
