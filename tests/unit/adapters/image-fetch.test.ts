import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchImage, isPublicAddress } from '../../../functions/adapters/image-fetch';

describe('isPublicAddress', () => {
  it.each(['8.8.8.8', '151.101.1.69', '::ffff:8.8.8.8', '2606:4700:4700::1111'])('lets %s through', (a) =>
    expect(isPublicAddress(a)).toBe(true),
  );
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    'not-an-ip',
  ])('refuses %s', (a) => expect(isPublicAddress(a)).toBe(false));
});

describe('fetchImage', () => {
  let server: http.Server;
  let host: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/big') return res.writeHead(200).end(Buffer.alloc(2048));
      if (req.url === '/hop') return res.writeHead(302, { location: '/ok' }).end();
      if (req.url === '/away') return res.writeHead(302, { location: 'http://images.example.com/a.png' }).end();
      if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
      if (req.url === '/ok') return res.writeHead(200).end(Buffer.from('abc'));
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const trusted = () => ({ maxBytes: 1024, trustedHosts: [host] });

  it('refuses a loopback host unless it is the trusted lookup host', async () => {
    await expect(fetchImage(`http://${host}/ok`, { maxBytes: 1024, trustedHosts: [] })).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      fetchImage(`http://localhost:${host.split(':')[1]}/ok`, { maxBytes: 1024, trustedHosts: [] }),
    ).rejects.toMatchObject({ status: 400 });
    expect(Buffer.from(await fetchImage(`http://${host}/ok`, trusted())).toString()).toBe('abc');
  });

  it('follows a few redirects, stops reading past the limit, and reports missing files', async () => {
    expect(Buffer.from(await fetchImage(`http://${host}/hop`, trusted())).toString()).toBe('abc');
    await expect(fetchImage(`http://${host}/loop`, trusted())).rejects.toMatchObject({ status: 502 });
    await expect(fetchImage(`http://${host}/big`, trusted())).rejects.toMatchObject({
      status: 400,
      message: 'The image is larger than 5MB',
    });
    await expect(fetchImage(`http://${host}/nothing`, trusted())).rejects.toMatchObject({ status: 502 });
    // The trusted host may answer plain http; where it redirects to may not.
    await expect(fetchImage(`http://${host}/away`, trusted())).rejects.toMatchObject({
      status: 400,
      message: 'Only https image addresses can be imported',
    });
  });
});

describe('fetchImage over plain http (decision 078)', () => {
  it('refuses http: and other schemes before connecting, on the first address and after a redirect', async () => {
    const opts = { maxBytes: 1024, trustedHosts: [] };
    for (const address of ['http://8.8.8.8/a.png', 'http://images.example.com/a.png', 'ftp://8.8.8.8/a.png']) {
      await expect(fetchImage(address, opts)).rejects.toMatchObject({
        status: 400,
        message: 'Only https image addresses can be imported',
      });
    }
  });
});
