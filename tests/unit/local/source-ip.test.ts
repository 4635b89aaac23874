import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sourceIp, TEST_VIEWER_ADDRESS_HEADER } from '../../../infra/local/api-event';

function request(headers: Record<string, string>, remoteAddress = '::ffff:127.0.0.1'): IncomingMessage {
  return { headers, socket: { remoteAddress } } as unknown as IncomingMessage;
}

describe("the local gateway's source address (decision 067)", () => {
  it('is the socket address, without the IPv4-mapped prefix', () => {
    expect(sourceIp(request({}))).toBe('127.0.0.1');
  });

  it('ignores the test viewer address unless the stack was started for tests', () => {
    expect(sourceIp(request({ [TEST_VIEWER_ADDRESS_HEADER]: '10.1.2.3' }))).toBe('127.0.0.1');
  });

  it('takes the test viewer address on a test stack', () => {
    expect(sourceIp(request({ [TEST_VIEWER_ADDRESS_HEADER]: '10.1.2.3' }), true)).toBe('10.1.2.3');
  });

  it('refuses a test viewer address that is not an address', () => {
    expect(sourceIp(request({ [TEST_VIEWER_ADDRESS_HEADER]: 'user:u1#x' }), true)).toBe('127.0.0.1');
  });
});
