import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queues, routeList, routes, schedules } from '../../functions/routes';
import { buildApp, type MarketplaceApp } from '../../infra/app';
import { CARRIER_WEBHOOK_ROUTES } from '../../infra/stacks/carrier-settings';
import type { HandlerFunction } from '../../infra/stacks/node-function';
import { environmentOf, roleStatements, type Statement } from './stack-templates';

/**
 * API keys saved in the admin portal (decision 071): the stage's prefix reaches the functions that save or use them,
 * each with only its own actions on secrets under that prefix, and no function any secretsmanager `*`. Bundling is off
 * (nothing here looks at function code).
 */
const PREFIX = 'marketplace/qa/api-keys/';
let scratch: string;
let built: MarketplaceApp;

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'infra-admin-secrets-'));
  built = buildApp({
    stage: 'qa',
    region: 'us-east-1',
    context: { 'aws:cdk:bundling-stacks': [] },
    siteDir: path.join(scratch, 'no-build-here'),
    outdir: path.join(scratch, 'cdk.out'),
  });
  built.app.synth();
}, 120_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const actionsOf = (s: Statement) => [s.Action].flat();
/** The function's statements on secrets, by the resource they name. */
const secretStatements = (fn: HandlerFunction) =>
  roleStatements(fn).filter((s) => actionsOf(s).some((a) => a.startsWith('secretsmanager:')));
const onPrefix = (fn: HandlerFunction) =>
  secretStatements(fn).filter((s) => JSON.stringify(s.Resource).includes(`:secret:${PREFIX}*`));

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

  it('leave no unacknowledged cdk-nag finding (the prefix wildcard carries its reason)', () => {
    const report = new AwsSolutionsChecks().validateScope(built.app);
    expect(
      report.violations.map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath)}`),
    ).toEqual([]);
  });
});
