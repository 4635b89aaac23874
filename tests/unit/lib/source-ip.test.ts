import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { sourceIpOf, VIEWER_ADDRESS_HEADER } from '../../../functions/lib/http-handler';
import { ORIGIN_VERIFY_ENV } from '../../../functions/lib/origin-verify';

const event = (headers: Record<string, string>) =>
  ({ headers, requestContext: { http: { sourceIp: '130.176.1.1' } } }) as unknown as APIGatewayProxyEventV2;
const behindCloudFront = { [ORIGIN_VERIFY_ENV]: 'arn:aws:secretsmanager:eu-west-1:1:secret:origin' };

describe("the caller's address (decision 074)", () => {
  it("is the viewer's, from CloudFront's header, where the origin check proves the request came through CloudFront", () => {
    expect(sourceIpOf(event({ [VIEWER_ADDRESS_HEADER]: '203.0.113.7' }), behindCloudFront)).toBe('203.0.113.7');
    expect(sourceIpOf(event({ [VIEWER_ADDRESS_HEADER]: '2001:db8::1' }), behindCloudFront)).toBe('2001:db8::1');
  });

  it('is the connection source without the origin check (the local runtime), whatever a caller claims', () => {
    expect(sourceIpOf(event({ [VIEWER_ADDRESS_HEADER]: '203.0.113.7' }), {})).toBe('130.176.1.1');
  });

  it('ignores a header that is not an address', () => {
    expect(sourceIpOf(event({ [VIEWER_ADDRESS_HEADER]: 'user:u1' }), behindCloudFront)).toBe('130.176.1.1');
    expect(sourceIpOf(event({}), behindCloudFront)).toBe('130.176.1.1');
  });
});
