import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, invocationLogger } from '../../../functions/lib/logger';
import { captureOutput } from './capture-output';

describe('logger (Powertools underneath)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('writes one JSON line per entry with level, message, service and the context keys', () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    const out = captureOutput();
    createLogger({ service: 'jobs/test', job: 'x' }).child({ listingId: 'L1' }).info('made', { count: 2 });
    expect(out.json()).toEqual([
      expect.objectContaining({
        level: 'INFO',
        message: 'made',
        service: 'jobs/test',
        job: 'x',
        listingId: 'L1',
        count: 2,
      }),
    ]);
  });

  it('honours LOG_LEVEL', () => {
    vi.stubEnv('LOG_LEVEL', 'warn');
    const out = captureOutput();
    const log = createLogger({ service: 's' });
    log.info('hidden');
    log.debug('hidden');
    log.warn('shown');
    expect(out.json().map((e) => e.message)).toEqual(['shown']);
  });

  it("drops a request's entry below the level without making its Powertools logger, and keeps the rest", () => {
    vi.stubEnv('LOG_LEVEL', 'warn');
    const out = captureOutput();
    const root = createLogger({ service: 's' });
    const made = vi.spyOn(PowertoolsLogger.prototype, 'createChild');
    const request = invocationLogger(root, 'req-1', undefined).child({ userId: 'U1' });
    request.info('request');
    request.debug('detail');
    expect(made).not.toHaveBeenCalled();
    request.warn('kept');
    expect(out.json()).toEqual([expect.objectContaining({ message: 'kept', correlation_id: 'req-1', userId: 'U1' })]);
  });

  it('carries the correlation id and the Lambda context on an invocation logger', () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    const out = captureOutput();
    const context = { functionName: 'fn', awsRequestId: 'aws-1', memoryLimitInMB: '512', invokedFunctionArn: 'arn' };
    invocationLogger(createLogger({ service: 's' }), 'req-1', context).info('hello');
    expect(out.json()[0]).toMatchObject({ correlation_id: 'req-1', function_name: 'fn', function_request_id: 'aws-1' });
  });

  it('never writes tokens, secrets or the Authorization header, however deeply nested', () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    const out = captureOutput();
    createLogger({ service: 's' }).info('event', {
      headers: { authorization: 'Bearer aaa.bbb.ccc', Cookie: 'sid=1', 'x-request-id': 'r' },
      body: { sessionToken: 'tok-123', clientSecret: 'sec-456', nested: { fulfillment: 'A0228000', password: 'pw' } },
      // A pickup's one-time code, in a request body or an order view (decision 040).
      pickup: { decision: 'approve', pickupCode: '48151623' },
    });
    const line = out.lines.join('\n');
    for (const secret of ['aaa.bbb.ccc', 'sid=1', 'tok-123', 'sec-456', 'A0228000', '"pw"', '48151623']) {
      expect(line).not.toContain(secret);
    }
    expect(out.json()[0]).toMatchObject({ headers: { authorization: '[redacted]', 'x-request-id': 'r' } });
  });

  it("keeps a caller's value under a key Powertools reserves (message, level) instead of dropping it", () => {
    const out = captureOutput();
    createLogger({ service: 's' }).warn('socket error', { message: 'reset by peer', level: 3 });
    expect(out.json()).toEqual([
      expect.objectContaining({ level: 'WARN', message: 'socket error', message_: 'reset by peer', level_: 3 }),
    ]);
  });

  it('logs errors with their name, message and stack', () => {
    const out = captureOutput();
    createLogger({ service: 's' }).error('failed', { error: new TypeError('boom') });
    expect(out.json()[0]).toMatchObject({ level: 'ERROR', error: { name: 'TypeError', message: 'boom' } });
    expect(String((out.json()[0]!.error as { stack: string }).stack)).toContain('TypeError: boom');
  });
});
