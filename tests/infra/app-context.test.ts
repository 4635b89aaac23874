import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type MarketplaceApp } from '../../infra/app';
import { EdgeStack } from '../../infra/stacks/edge-stack';
import { XRPL_NETWORKS } from '../../infra/stacks/ledger-settings';
import { environmentOf, resourceOf } from './stack-templates';

/**
 * Stage and region come from context, and a missing site build leaves the upload out. Bundling is switched off
 * (the CLI's own `aws:cdk:bundling-stacks` context) because these checks don't look at function code.
 */
const NO_BUNDLING = { 'aws:cdk:bundling-stacks': [] };
let scratch: string;
let built: MarketplaceApp;

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'infra-context-'));
  built = buildApp({
    context: { ...NO_BUNDLING, stage: 'qa', region: 'eu-west-1', siteOrigin: 'https://shop.example.com' },
    siteDir: path.join(scratch, 'no-build-here'),
    outdir: path.join(scratch, 'cdk.out'),
    nag: false,
  });
  built.app.synth();
}, 60_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('buildApp', () => {
  it('names every stack after the stage from context and puts it in the region from context', () => {
    const stacks = [built.data, built.realtime, built.api, built.workers, built.web, built.alarms];
    expect(stacks.map((s) => s.stackName)).toEqual([
      'Marketplace-qa-Data',
      'Marketplace-qa-Realtime',
      'Marketplace-qa-Api',
      'Marketplace-qa-Workers',
      'Marketplace-qa-Web',
      'Marketplace-qa-Alarms',
    ]);
    for (const stack of stacks) expect(stack.region).toBe('eu-west-1');
  });

  it('keeps the CloudFront web ACL in us-east-1 and hands its ARN to the web stack across regions', () => {
    expect(built.edge.stackName).toBe('Marketplace-qa-Edge');
    expect(built.edge.region).toBe('us-east-1');
    Template.fromStack(built.edge).hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT' });
    const web = Template.fromStack(built.web);
    web.resourceCountIs('Custom::CrossRegionExportReader', 1);
    const [distribution] = Object.values(web.findResources('AWS::CloudFront::Distribution'));
    const aclId = JSON.stringify(
      (distribution as { Properties: { DistributionConfig: { WebACLId: unknown } } }).Properties.DistributionConfig
        .WebACLId,
    );
    expect(aclId).toMatch(/ExportsReader.*WebAclArn/);
  });

  it('is cdk-nag clean with the web ACL in another region (the cross-region reference plumbing included)', () => {
    const report = new AwsSolutionsChecks().validateScope(built.app);
    expect(report.violations.map((v) => `${v.ruleName} at ${v.violatingResources[0]?.constructPath}`)).toEqual([]);
  });

  it('refuses to build the edge stack outside us-east-1', () => {
    const app = new App();
    expect(() => new EdgeStack(app, 'Edge', { env: { region: 'eu-west-1' }, metricPrefix: 'x' })).toThrow(/us-east-1/);
  });

  it('leaves reserved concurrency out on request (-c reserveConcurrency=false)', () => {
    const lowQuota = buildApp({
      context: { ...NO_BUNDLING, reserveConcurrency: 'false' },
      siteDir: path.join(scratch, 'no-build-here'),
      outdir: path.join(scratch, 'cdk.out.low-quota'),
      nag: false,
    });
    const reserved = (app: MarketplaceApp) =>
      Object.values(app.api.functions).filter(
        (fn) => resourceOf(fn.fn).Properties!.ReservedConcurrentExecutions as number | undefined,
      );
    expect(reserved(built).length).toBeGreaterThan(0);
    expect(reserved(lowQuota)).toEqual([]);
  });

  it('leaves the site upload out when there is no build', () => {
    const web = Template.fromStack(built.web);
    web.resourceCountIs('Custom::CDKBucketDeployment', 0);
    web.resourceCountIs('AWS::CloudFront::Distribution', 1);
  });

  it('allows media uploads from the configured site origin', () => {
    Template.fromStack(built.data).hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [{ AllowedOrigins: ['https://shop.example.com'] }] },
    });
  });

  it('points every function at the network, issuer and Xaman application from context', () => {
    const mainnet = buildApp({
      context: {
        ...NO_BUNDLING,
        xrplNetwork: 'mainnet',
        xamanApiKey: '6a1c9d36-2b55-4a3e-9a43-6f3c1f0e2b11',
        xamanApiUrl: 'https://xaman.example.com',
      },
      siteDir: path.join(scratch, 'no-build-here'),
      outdir: path.join(scratch, 'cdk.out.mainnet'),
      nag: false,
    });
    const fns = Object.values(mainnet.api.functions);
    expect(fns.length).toBeGreaterThan(0);
    for (const fn of fns) {
      expect(environmentOf(fn)).toMatchObject({
        XRPL_NETWORK: 'mainnet',
        XRPL_URL: XRPL_NETWORKS.mainnet.url,
        RLUSD_ISSUER: XRPL_NETWORKS.mainnet.rlusdIssuer,
        XAMAN_API_URL: 'https://xaman.example.com',
        XAMAN_API_KEY: '6a1c9d36-2b55-4a3e-9a43-6f3c1f0e2b11',
      });
    }
  });

  it('refuses ledger and signer settings that cannot work, naming the context key', () => {
    const build = (context: Record<string, string>) => () =>
      buildApp({ context: { ...NO_BUNDLING, ...context }, siteDir: path.join(scratch, 'none'), nag: false });
    expect(build({ xrplNetwork: 'local' })).toThrow(/xrplNetwork 'local'/);
    expect(build({ rlusdIssuer: 'rNotAnAddress' })).toThrow(/rlusdIssuer/);
    expect(build({ xrplUrl: 'https://s.altnet.rippletest.net' })).toThrow(/xrplUrl/);
    expect(build({ xamanApiKey: 'my-key' })).toThrow(/xamanApiKey/);
  });

  it('refuses a stage name that cannot be part of a stack name', () => {
    expect(() => buildApp({ stage: 'Prod_1', context: NO_BUNDLING, nag: false })).toThrow(/Invalid stage/);
  });
});
