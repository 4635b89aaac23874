import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dynamoRawClient, s3Client, sqsClient } from '../../../functions/lib/aws-clients';
import { restoreFunctionEnv, stubFunctionEnv } from './function-env';

describe('AWS clients', () => {
  beforeEach(() => stubFunctionEnv());
  afterEach(restoreFunctionEnv);

  it('carry no SDK logger middleware (it filtered every request and response for a line nobody logs)', () => {
    for (const client of [dynamoRawClient(), sqsClient(), s3Client()]) {
      const names = client.middlewareStack.identify().join(' ');
      expect(names).toContain('retryMiddleware');
      expect(names).not.toContain('loggerMiddleware');
    }
  });
});
