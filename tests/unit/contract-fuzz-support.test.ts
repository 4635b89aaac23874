import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routeList } from '../../functions/routes';
import { arbitraryOf, internalLeaks, jsonSchemaOf, variationsOf } from '../integration/fuzz-support';
import { listingBody, sellerProfile } from '../integration/route-support';
import { DEFAULT_SELLER_SETTINGS } from '../../shared/domain/seller-settings';

/** The contract fuzz's own parts: generated values are valid, and the leak check sees what it must. */
const gen = { uriHosts: ['images.invalid'] };

describe('values generated from the route schemas', () => {
  // Rules across fields (an auction's end date, the return address switch, a business's name), piped formats
  // (email) and checked formats (a ledger address's checksum) aren't in JSON Schema: generated whole, these are mostly refused, so the fuzz varies a valid request's
  // fields instead.
  const acrossFields: Record<string, Record<string, unknown>> = {
    'updateProfile body': sellerProfile,
    'saveSellerSettings body': DEFAULT_SELLER_SETTINGS as unknown as Record<string, unknown>,
    'createListing body': listingBody,
    'updateListing body': listingBody,
    'listListings query': {},
    'sendFunds body': { currency: 'RLUSD', amountCents: 1, destination: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh' },
  };
  const schemas = routeList.flatMap((r) =>
    (['params', 'query', 'body'] as const)
      .filter((part) => r.contract[part] !== undefined)
      .map((part) => [`${r.name} ${part}`, r.contract[part]!] as const),
  );

  it.each(schemas.filter(([name]) => !(name in acrossFields)))('%s: accepted by the schema itself', (_, schema) => {
    const values = fc.sample(arbitraryOf(jsonSchemaOf(schema), gen), { seed: 7, numRuns: 100 });
    expect(values.filter((v) => !schema.safeParse(v).success)).toEqual([]);
  });

  it.each(schemas.filter(([name]) => name in acrossFields))(
    '%s: varied from a valid one, mostly accepted',
    (name, schema) => {
      const values = fc.sample(variationsOf(acrossFields[name]!, jsonSchemaOf(schema), gen), { seed: 3, numRuns: 100 });
      expect(values.filter((v) => schema.safeParse(v).success).length).toBeGreaterThanOrEqual(30);
      expect(new Set(values.map((v) => JSON.stringify(v))).size).toBeGreaterThan(50);
    },
  );
});

describe('internalLeaks', () => {
  const names = ['marketplace', 'marketplace-media'];
  const error = (text: string) => internalLeaks({ status: 400, text }, '', names);

  it.each([
    ['a stack frame', '{"error":{"message":"x\\n    at Object.go (/work/main/functions/x.ts:3:9)"}}'],
    ['a runtime error', '{"error":{"message":"TypeError: cannot read properties of undefined"}}'],
    ['an SDK error', '{"error":{"message":"ConditionalCheckFailedException"}}'],
    ['ElectroDB', '{"error":{"message":"ElectroError: bad key"}}'],
    ['a source path', '{"error":{"message":"failed in functions/core/listings/photos.ts:12"}}'],
    ['a network error', '{"error":{"message":"connect ECONNREFUSED 127.0.0.1:8000"}}'],
    ['the table name', '{"error":{"message":"Requested resource not found: marketplace"}}'],
  ])('finds %s', (_, text) => {
    expect(error(text).length).toBeGreaterThan(0);
  });

  it('passes a plain error, an echo of the request, and a success naming the bucket (a presigned upload URL)', () => {
    expect(error('{"error":{"code":"validation_failed","message":"Invalid body: title: Title is required"}}')).toEqual(
      [],
    );
    const sent = '{"Error:": 1}';
    expect(
      internalLeaks({ status: 400, text: '{"error":{"message":"Unrecognized key: \\"Error:\\""}}' }, sent, names),
    ).toEqual([]);
    expect(internalLeaks({ status: 201, text: '{"url":"http://s3.local/marketplace-media"}' }, '', names)).toEqual([]);
  });
});
