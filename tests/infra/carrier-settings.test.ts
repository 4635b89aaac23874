import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queues, routeList, routes, schedules } from '../../functions/routes';
import { buildApp, type MarketplaceApp } from '../../infra/app';
import { carrierSettings, CARRIER_ROUTES, CARRIER_WEBHOOK_ROUTES } from '../../infra/stacks/carrier-settings';
import type { HandlerFunction } from '../../infra/stacks/node-function';
import { environmentOf, roleStatements, type Statement } from './stack-templates';

/**
 * The carrier from context: settings reach the functions that talk to the carrier, a Track key adds its own secret,
 * and cdk-nag stays clean; and the saved API keys' grants (decision 071). Bundling is off (these checks don't look at
 * function code).
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

const PREFIX = 'marketplace/dev/api-keys/';
const actionsOf = (s: Statement) => [s.Action].flat();
/** The function's statements on secrets, by the resource they name. */
const secretStatements = (fn: HandlerFunction) =>
  roleStatements(fn).filter((s) => actionsOf(s).some((a) => a.startsWith('secretsmanager:')));
const onPrefix = (fn: HandlerFunction) =>
  secretStatements(fn).filter((s) => JSON.stringify(s.Resource).includes(`:secret:${PREFIX}*`));

/**
 * API keys saved in the admin portal (decision 071): the stage's prefix reaches the functions that save or use them,
 * each with only its own actions on secrets under that prefix, and no function any secretsmanager `*` (the cdk-nag
 * check above covers the prefix's acknowledged wildcard).
 */
describe('saved API keys in AWS', () => {
  it('give the prefix to the functions that save, list or use them, and scope each to its own actions', () => {
    const functions: [string, HandlerFunction, 'save' | 'status' | 'read' | undefined][] = [
      ...routeList.map((r): [string, HandlerFunction, 'save' | 'status' | 'read' | undefined] => [
        r.name,
        built.api.functions[r.name]!,
        r.name === routes.saveApiKey.name
          ? 'save'
          : r.name === routes.getApiKeys.name
            ? 'status'
            : r.usesSigner || r.usesCarrier || CARRIER_WEBHOOK_ROUTES.has(r.name) || r.name === 'lookupProducts'
              ? 'read'
              : undefined,
      ]),
      ...queues.map((q): [string, HandlerFunction, 'read' | undefined] => [
        q.name,
        built.workers.consumers[q.name]!,
        q.usesSigner || q.usesCarrier ? 'read' : undefined,
      ]),
      ...schedules.map((s): [string, HandlerFunction, 'read' | undefined] => [
        s.name,
        built.workers.jobs[s.name]!,
        s.usesSigner || s.usesCarrier ? 'read' : undefined,
      ]),
    ];
    const wanted = {
      save: ['secretsmanager:CreateSecret', 'secretsmanager:PutSecretValue', 'secretsmanager:DescribeSecret'],
      status: ['secretsmanager:DescribeSecret'],
      read: ['secretsmanager:GetSecretValue'],
    };
    expect(functions.filter(([, , access]) => access === 'read').length).toBeGreaterThan(10);
    for (const [name, fn, access] of functions) {
      expect(environmentOf(fn).ADMIN_SECRETS_PREFIX, name).toBe(access && PREFIX);
      expect(onPrefix(fn).map(actionsOf), name).toEqual(access ? [wanted[access]] : []);
      // Every other secret statement names one secret's own ARN: never a bare or account-wide wildcard.
      for (const s of secretStatements(fn)) expect(JSON.stringify(s.Resource), name).not.toMatch(/"\*"|secret:\*/);
    }
    // The product lookup reads the UPC service key; sockets read none.
    expect(onPrefix(built.api.functions.lookupProducts!)).toHaveLength(1);
    for (const fn of Object.values(built.realtime.functions)) expect(onPrefix(fn)).toEqual([]);
  });
});
