import { describe, expect, it } from 'vitest';
import { checkHealth } from '../../../functions/core/health/check-health';

describe('checkHealth', () => {
  it('is ok only when every dependency answers', async () => {
    const ok = await checkHealth([{ name: 'table', check: async () => {} }]);
    expect(ok).toMatchObject({ status: 'ok', dependencies: [{ name: 'table', status: 'ok' }] });

    const failing = await checkHealth([
      { name: 'table', check: async () => {} },
      {
        name: 'bucket',
        check: async () => {
          throw new Error('NoSuchBucket');
        },
      },
    ]);
    expect(failing.status).toBe('failing');
    expect(failing.dependencies[1]).toMatchObject({ name: 'bucket', status: 'failing', detail: 'NoSuchBucket' });
  });

  it('reports a dependency that does not answer in time as failing', async () => {
    const result = await checkHealth([{ name: 'queue', check: () => new Promise(() => {}) }], 20);
    expect(result.dependencies[0]).toMatchObject({ status: 'failing', detail: 'no answer within 20 ms' });
  });
});
