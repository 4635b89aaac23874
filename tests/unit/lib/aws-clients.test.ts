import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dynamoRawClient, resetAwsClients, s3Client, sqsClient } from '../../../functions/lib/aws-clients';
import { resetConfigForTests } from '../../../functions/lib/config';

describe('AWS clients', () => {
  beforeEach(() => {
    for (const [k, v] of Object.entries({
      TABLE_NAME: 'marketplace',
      MEDIA_BUCKET: 'b',
      MEDIA_BASE_URL: 'http://x/media',
      QUEUE_EVENTS_URL: 'http://q',
      WS_CALLBACK_URL: 'http://w',
    }))
      vi.stubEnv(k, v);
    resetConfigForTests();
    resetAwsClients();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    resetConfigForTests();
    resetAwsClients();
  });

  it('carry no SDK logger middleware (it filtered every request and response for a line nobody logs)', () => {
    for (const client of [dynamoRawClient(), sqsClient(), s3Client()]) {
      const names = client.middlewareStack.identify().join(' ');
      expect(names).toContain('retryMiddleware');
      expect(names).not.toContain('loggerMiddleware');
    }
  });
});
