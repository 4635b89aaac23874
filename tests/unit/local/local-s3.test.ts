import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type LocalS3 } from '../../../infra/local/s3';

const APP = 'http://localhost:3000';
let dir: string;
let s3: LocalS3;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-s3-'));
  s3 = await startS3({ dir, bucket: 'media', origins: [APP] });
});

afterAll(async () => {
  await s3?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A browser-style form upload (S3's POST object), as a page posts it. */
function formUpload(key: string, origin: string) {
  const form = new FormData();
  form.set('key', key);
  form.set('file', new Blob(['not a photo'], { type: 'text/plain' }), 'x.txt');
  return fetch(`${s3.endpoint}/media`, { method: 'POST', headers: { origin }, body: form });
}

describe('the local S3', () => {
  it('takes form uploads from the app’s pages only, and leaves reads open (decision 077)', async () => {
    const foreign = await formUpload('pending/evil.txt', 'https://evil.example');
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toContain('<Code>AccessDenied</Code>');
    expect((await fetch(`${s3.endpoint}/media/pending/evil.txt`)).status).toBe(404);

    const own = await formUpload('pending/own.txt', APP);
    expect(own.status).toBeLessThan(300);
    const read = await fetch(`${s3.endpoint}/media/pending/own.txt`, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect([read.status, await read.text()]).toEqual([200, 'not a photo']);
  });
});
