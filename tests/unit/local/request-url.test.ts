import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { startProductService } from '../../../infra/local/products/server';
import { requestUrl } from '../../../infra/local/request-url';

const urlOf = (target: string) => requestUrl({ url: target } as http.IncomingMessage);

/** A raw request line: fetch would normalize the path before sending it. */
function rawGet(port: number, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, method: 'GET' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('requestUrl', () => {
  it('keeps a path that starts with // as a path on the local origin', () => {
    const url = urlOf('//%F0%AF%AA%9F//i//E//F/?9&.%F3%A6%B0%99byr');
    expect(url.host).toBe('local');
    expect(url.pathname).toBe('//%F0%AF%AA%9F//i//E//F/');
    expect(url.searchParams.has('9')).toBe(true);
  });

  it('reads ordinary paths and queries', () => {
    const url = urlOf('/prod/trial/lookup?upc=012345678905');
    expect(url.pathname).toBe('/prod/trial/lookup');
    expect(url.searchParams.get('upc')).toBe('012345678905');
  });

  it('answers the root for an absent target', () => {
    expect(requestUrl({} as http.IncomingMessage).pathname).toBe('/');
  });
});

describe('a stand-in given a fuzzed path', () => {
  it('answers 404 and keeps serving', async () => {
    const service = await startProductService({ port: 0, host: '127.0.0.1' });
    try {
      const port = Number(new URL(service.url).port);
      expect(await rawGet(port, '//%F0%AF%AA%9F//i//E//F/?9&.%F3%A6%B0%99byr')).toBe(404);
      expect(await rawGet(port, '/prod/trial/lookup?upc=1')).toBe(400);
    } finally {
      await service.stop();
    }
  });
});
