import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type MarketplaceApp } from '../../infra/app';
import { carrierSettings, CARRIER_ROUTES } from '../../infra/stacks/carrier-settings';
import { environmentOf } from './stack-templates';

/**
 * The carrier from context: settings reach the functions that talk to the carrier, a Track key adds its own secret,
 * and cdk-nag stays clean. Bundling is off (these checks don't look at function code).
 */
const NO_BUNDLING = { 'aws:cdk:bundling-stacks': [] };
const CONTEXT = {
  carrierApiUrl: 'https://apis-sandbox.fedex.com',
  carrierAccountNumber: '740561073',
  carrierApiKey: 'l7sandboxprojectkey',
  carrierTrackApiKey: 'l7sandboxtrackkey',
};
let scratch: string;
let built: MarketplaceApp;

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'infra-carrier-'));
  built = buildApp({
    context: { ...NO_BUNDLING, ...CONTEXT },
    siteDir: path.join(scratch, 'no-build-here'),
    outdir: path.join(scratch, 'cdk.out'),
  });
  built.app.synth();
}, 120_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('carrier settings from context', () => {
  it('give the carrier routes the sandbox URL, account, both keys and the ARNs of both secrets', () => {
    expect(built.data.carrier.trackApiSecret).toBeDefined();
    for (const name of CARRIER_ROUTES) {
      const env = environmentOf(built.api.functions[name]!);
      expect(env).toMatchObject({
        CARRIER_API_URL: CONTEXT.carrierApiUrl,
        CARRIER_ACCOUNT_NUMBER: CONTEXT.carrierAccountNumber,
        CARRIER_API_KEY: CONTEXT.carrierApiKey,
        CARRIER_TRACK_API_KEY: CONTEXT.carrierTrackApiKey,
      });
      // Cross-stack imports of each secret's ARN (not the value).
      expect(JSON.stringify(env.CARRIER_API_SECRET_ARN)).toMatch(/CarrierApiSecret/);
      expect(JSON.stringify(env.CARRIER_TRACK_API_SECRET_ARN)).toMatch(/CarrierTrackApiSecret/);
    }
    const data = Template.fromStack(built.data);
    data.resourceCountIs('AWS::SecretsManager::Secret', 7);
    data.hasResource('AWS::SecretsManager::Secret', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ Description: Match.stringLikeRegexp('FedEx Track API secret key') }),
    });
  });

  it('leaves no unacknowledged cdk-nag finding with the Track secret added', () => {
    // cdk-nag 3 reports to the validation report (synthesis above would have stopped on a finding); run it again.
    const report = new AwsSolutionsChecks().validateScope(built.app);
    expect(
      report.violations.map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath)}`),
    ).toEqual([]);
    for (const stack of [built.data, built.api]) {
      expect(Annotations.fromStack(stack).findWarning('*', Match.anyValue())).toEqual([]);
      expect(Annotations.fromStack(stack).findError('*', Match.anyValue())).toEqual([]);
    }
  });

  it('fail synthesis with the key named when a value cannot work', () => {
    const ctx = (values: Record<string, string>) => (key: string) => values[key];
    expect(() => carrierSettings(ctx({ carrierApiUrl: 'http://apis.fedex.com' }))).toThrow(/carrierApiUrl/);
    expect(() => carrierSettings(ctx({ carrierAccountNumber: '12345' }))).toThrow(/carrierAccountNumber/);
    expect(carrierSettings(ctx({}))).toEqual({
      CARRIER_API_URL: 'https://apis.fedex.com',
      CARRIER_ACCOUNT_NUMBER: '',
      CARRIER_API_KEY: '',
      CARRIER_TRACK_API_KEY: '',
    });
  });
});
