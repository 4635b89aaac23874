import { describe, expect, it, vi } from 'vitest';
import { configuredUpcServices } from '../../../../functions/adapters/lookup/product-lookup';
import { enforceRateLimit } from '../../../../functions/core/auth/rate-limit';
import { lookupProducts } from '../../../../functions/core/lookup/lookup-products';
import {
  LOOKUP_LIMIT_MESSAGE,
  servicesInOrder,
  type ConfiguredService,
} from '../../../../functions/core/lookup/lookup-services';
import type { ServiceProduct } from '../../../../functions/core/lookup/product-lookup';
import { UpstreamError } from '../../../../functions/lib/errors';
import type { UpcService } from '../../../../shared/domain/admin-settings';
import { MemoryRateLimits } from '../auth/memory-ports';
import { lookupDeps } from './lookup-deps';

/** The administrators' UPC lookup settings in effect (decision 069). */

const down = () => new UpstreamError('unavailable', 'product_lookup_unavailable', 'Could not connect');

function service(name: UpcService, answer: ServiceProduct[] | Error) {
  const ask = vi.fn(async (_q: string) => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { name, lookup: { byCode: ask, search: ask }, ask } satisfies ConfiguredService & { ask: unknown };
}

describe('UPC lookup settings (decision 069)', () => {
  it('asks the chosen service among the configured ones (else the first), then with fallback on the others', () => {
    const a = service('upcitemdb', []);
    const b = service('barcodelookup', []);
    const names = (s: ConfiguredService[]) => s.map((x) => x.name);
    expect(names(servicesInOrder({ upcService: 'barcodelookup', upcFallback: true }, [a, b]))).toEqual([
      'barcodelookup',
      'upcitemdb',
    ]);
    expect(names(servicesInOrder({ upcService: 'barcodelookup', upcFallback: false }, [a, b]))).toEqual([
      'barcodelookup',
    ]);
    expect(names(servicesInOrder({ upcService: 'goupc', upcFallback: false }, [a, b]))).toEqual(['upcitemdb']);
  });

  it('uses only the chosen service when it finds the product', async () => {
    const a = service('upcitemdb', [{ title: 'From A' }]);
    const b = service('barcodelookup', [{ title: 'From B' }]);
    const d = lookupDeps([a, b], { upcService: 'barcodelookup' });
    expect((await lookupProducts('U1', 'lamp', d)).map((r) => r.productName)).toEqual(['From B']);
    expect(a.ask).not.toHaveBeenCalled();
  });

  it('with fallback on, a failure or no result of the chosen service tries the other; off, it does not', async () => {
    for (const first of [down(), [] as ServiceProduct[]]) {
      const a = service('upcitemdb', first);
      const b = service('barcodelookup', [{ title: 'From B' }]);
      const d = lookupDeps([a, b], { upcService: 'upcitemdb', upcFallback: true });
      expect((await lookupProducts('U1', 'lamp', d)).map((r) => r.productName)).toEqual(['From B']);
    }
    const failing = lookupDeps([service('upcitemdb', down()), service('barcodelookup', [{ title: 'B' }])], {
      upcFallback: false,
    });
    await expect(lookupProducts('U1', 'lamp', failing)).rejects.toMatchObject({ status: 503 });
    const empty = lookupDeps([service('upcitemdb', []), service('barcodelookup', [{ title: 'B' }])], {
      upcFallback: false,
    });
    expect(await lookupProducts('U1', 'lamp', empty)).toEqual([]);
  });

  it('is "could not connect" only when no service answered; a fallback that found nothing is no product', async () => {
    const bothDown = lookupDeps([service('upcitemdb', down()), service('barcodelookup', down())]);
    await expect(lookupProducts('U1', 'lamp', bothDown)).rejects.toMatchObject({ status: 503 });
    const oneEmpty = lookupDeps([service('upcitemdb', down()), service('barcodelookup', [])]);
    expect(await lookupProducts('U1', 'lamp', oneEmpty)).toEqual([]);
  });

  it("keeps a service's answer for the cache duration, by service and query (any case), then asks again", async () => {
    const a = service('upcitemdb', [{ title: 'Lamp' }]);
    const d = lookupDeps([a], { upcCacheHours: 2 });
    await lookupProducts('U1', 'Desk  Lamp', d);
    await lookupProducts('U2', 'desk lamp', d);
    expect(a.ask).toHaveBeenCalledTimes(1);
    expect([...d.kept.keys()]).toEqual(['upcitemdb#name#desk lamp']);
    expect(d.kept.get('upcitemdb#name#desk lamp')!.expiresAt).toEqual(new Date('2026-11-28T14:00:00Z'));
    d.at.now = new Date('2026-11-28T14:00:00Z');
    await lookupProducts('U1', 'desk lamp', d);
    expect(a.ask).toHaveBeenCalledTimes(2);
    // Another service's answer to the same query is its own.
    d.settings.set({ upcService: 'barcodelookup' });
    const b = service('barcodelookup', [{ title: 'Lamp B' }]);
    const both = { ...d, services: [a, b] };
    expect((await lookupProducts('U1', 'desk lamp', both)).map((r) => r.productName)).toEqual(['Lamp B']);
    expect(d.kept.has('barcodelookup#name#desk lamp')).toBe(true);
  });

  it("counts every lookup per user against the administrators' limit per minute: 429 with a clear message", async () => {
    const store = new MemoryRateLimits();
    const d = lookupDeps(service('upcitemdb', [{ title: 'Lamp' }]).lookup, { upcRateLimitPerMinute: 2 });
    const at = new Date('2026-11-28T12:00:15Z');
    d.limit = (userId, perMinute) =>
      enforceRateLimit(store, 'lookupProducts', `user:${userId}`, at, {
        limit: perMinute,
        message: (retry) => LOOKUP_LIMIT_MESSAGE(perMinute, retry),
      });
    await lookupProducts('U1', 'lamp', d);
    await lookupProducts('U1', 'lamp', d);
    await expect(lookupProducts('U1', 'lamp', d)).rejects.toMatchObject({
      status: 429,
      message: 'Too many product lookups: at most 2 a minute. Try again in 45 s.',
      headers: { 'retry-after': '45' },
    });
    // Another user has a minute of their own; a raised limit lets the first go on.
    await expect(lookupProducts('U2', 'lamp', d)).resolves.toHaveLength(1);
    d.settings.set({ upcRateLimitPerMinute: 3 });
    await expect(lookupProducts('U1', 'lamp', d)).resolves.toHaveLength(1);
  });

  it('offers UPCitemdb always and Barcode Lookup once its key is set', () => {
    expect(configuredUpcServices({})).toEqual(['upcitemdb']);
    expect(configuredUpcServices({ BARCODE_LOOKUP_API_KEY: 'k' })).toEqual(['upcitemdb', 'barcodelookup']);
  });
});
