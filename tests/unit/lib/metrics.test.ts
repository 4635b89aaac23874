import { afterEach, describe, expect, it, vi } from 'vitest';
import { FunctionMetrics } from '../../../functions/lib/metrics';
import { captureOutput } from './capture-output';

type Emf = { _aws: { CloudWatchMetrics: { Namespace: string; Metrics: { Name: string; Unit: string }[] }[] } };

describe('business metrics', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('emits counted actions as one EMF line with the namespace and the function as service dimension', () => {
    vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', 'MarketplaceTest');
    const out = captureOutput();
    const metrics = new FunctionMetrics('http/listings/create-listing');
    metrics.count('ListingsCreated');
    metrics.count('ListingsCreated');
    metrics.flush();
    const [emf] = out.json() as unknown as (Emf & Record<string, unknown>)[];
    expect(emf?._aws.CloudWatchMetrics[0]).toMatchObject({
      Namespace: 'MarketplaceTest',
      Metrics: [{ Name: 'ListingsCreated', Unit: 'Count' }],
    });
    expect(emf).toMatchObject({ service: 'http/listings/create-listing', ListingsCreated: [1, 1] });
  });

  it('defaults the namespace to Marketplace and writes nothing when nothing was counted', () => {
    vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', '');
    const out = captureOutput();
    const metrics = new FunctionMetrics('http/auth/complete-sign-in');
    metrics.flush();
    expect(out.lines).toEqual([]);
    metrics.count('SignIns');
    metrics.flush();
    expect((out.json()[0] as unknown as Emf)._aws.CloudWatchMetrics[0]!.Namespace).toBe('Marketplace');
  });
});
