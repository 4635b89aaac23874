import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { BadRequestError, UpstreamError } from '../lib/errors';

const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

/** Addresses a server-side fetch must never reach (SSRF): loopback, private, link-local, CGNAT, multicast, reserved. */
const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  blocked.addSubnet(net4, prefix, 'ipv4');
}
for (const [net6, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net6, prefix, 'ipv6');
}

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d or ::ffff:hhhh:hhhh) as its IPv4 address. */
function mappedIpv4(address: string): string | null {
  const a = address.toLowerCase();
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (dotted) return dotted[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(a);
  if (!hex) return null;
  const [hi, lo] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

export function isPublicAddress(address: string): boolean {
  const v4 = net.isIPv4(address) ? address : net.isIPv6(address) ? mappedIpv4(address) : null;
  if (v4) return !blocked.check(v4, 'ipv4');
  return net.isIPv6(address) && !blocked.check(address, 'ipv6');
}

export interface FetchImageOptions {
  maxBytes: number;
  /** host:port pairs that may resolve to private addresses (the configured product lookup service, e.g. a local one). */
  trustedHosts: readonly string[];
}

const refused = () =>
  new BadRequestError('This image address cannot be imported', { url: 'Not a public image address' });

const notHttps = () =>
  new BadRequestError('Only https image addresses can be imported', { url: 'Not an https address' });

/**
 * GETs an image from an address a browser gave us, safely: only https (plain http from the trusted lookup host), only public addresses (checked when the
 * socket connects, so DNS rebinding cannot slip past), at most a few redirects, a timeout, and never more than
 * `maxBytes` read.
 */
export async function fetchImage(address: string, opts: FetchImageOptions): Promise<Uint8Array> {
  let url = new URL(address);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const trusted = opts.trustedHosts.includes(url.host);
    // https only (decision 078): a plain-http image could be swapped on the way. Only the configured lookup host may
    // answer plain http (the local stand-in), as only it may be private.
    if (url.protocol !== 'https:' && !(trusted && url.protocol === 'http:')) throw notHttps();
    const res = await get(url, trusted);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      url = new URL(res.headers.location, url);
      continue;
    }
    if (status !== 200) {
      res.resume();
      throw new UpstreamError('upstream_failed', 'image_unavailable', `The image could not be fetched (${status})`);
    }
    return readCapped(res, opts.maxBytes);
  }
  throw new UpstreamError('upstream_failed', 'image_unavailable', 'The image address redirects too often');
}

function get(url: URL, trusted: boolean): Promise<http.IncomingMessage> {
  const lookup: net.LookupFunction = (hostname, options, callback) =>
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const usable = addresses.filter((a) => trusted || isPublicAddress(a.address));
      if (!usable.length) return callback(Object.assign(new Error('blocked address'), { code: 'EBLOCKED' }), '', 4);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  if (
    !trusted &&
    net.isIP(url.hostname.replace(/^\[|\]$/g, '')) &&
    !isPublicAddress(url.hostname.replace(/^\[|\]$/g, ''))
  ) {
    return Promise.reject(refused());
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { lookup, timeout: TIMEOUT_MS, headers: { accept: 'image/*' } }, resolve);
    req.on('timeout', () =>
      req.destroy(new UpstreamError('upstream_failed', 'image_unavailable', 'The image took too long to fetch')),
    );
    req.on('error', (error) =>
      reject(
        (error as { code?: string }).code === 'EBLOCKED'
          ? refused()
          : error instanceof UpstreamError
            ? error
            : new UpstreamError('upstream_failed', 'image_unavailable', 'The image could not be fetched'),
      ),
    );
  });
}

function readCapped(res: http.IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        res.destroy();
        reject(new BadRequestError('The image is larger than 5MB', { url: 'Too large' }));
        return;
      }
      chunks.push(chunk);
    });
    res.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    res.on('error', () =>
      reject(new UpstreamError('upstream_failed', 'image_unavailable', 'The image could not be fetched')),
    );
  });
}
