import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from '../../functions/lib/origin-verify';
import { queues, routeList, routes, type RouteDef } from '../../functions/routes';
import { buildApp, type MarketplaceApp } from '../../infra/app';
import { HSTS_MAX_AGE_SECONDS } from '../../infra/security-headers';
import { SERVER_ERROR_PERCENT } from '../../infra/stacks/alarms-stack';
import { ApiStack, CAPACITY, DEFAULT_THROTTLE } from '../../infra/stacks/api-stack';
import { DataStack } from '../../infra/stacks/data-stack';
import { FEDEX_WEBHOOK_SOURCES, RATE_LIMITS, RATE_WINDOW_SECONDS } from '../../infra/stacks/edge-stack';
import { nagName } from '../../infra/stacks/nag';
import type { FunctionEnvironment } from '../../infra/stacks/node-function';
import { routeArea } from '../../infra/stacks/route-area-stack';
import { environmentOf, logicalIdOf, resourceOf, templateOf } from './stack-templates';
import { wafVerdict, type EdgeRequest } from './waf-verdict';

// Template JSON is untyped; each assertion states the shape it expects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
type Resources = Record<string, { Type: string; Properties?: Record<string, Json>; DependsOn?: string[] }>;

/**
 * The edge and abuse protections (WAF, origin secret, security headers, throttles, reserved concurrency, alarms),
 * synthesized once without bundling (these checks don't look at function code), with cdk-nag on.
 */
const NO_BUNDLING = { 'aws:cdk:bundling-stacks': [] };
let scratch: string;
let built: MarketplaceApp;
let t: Record<'data' | 'realtime' | 'api' | 'workers' | 'web' | 'edge' | 'alarms', Template>;

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'infra-edge-'));
  built = buildApp({
    stage: 'edge',
    region: 'us-east-1',
    context: NO_BUNDLING,
    siteDir: path.join(scratch, 'no-build-here'),
    outdir: path.join(scratch, 'cdk.out'),
  });
  built.app.synth();
  t = {
    data: Template.fromStack(built.data),
    realtime: Template.fromStack(built.realtime),
    api: Template.fromStack(built.api),
    workers: Template.fromStack(built.workers),
    web: Template.fromStack(built.web),
    edge: Template.fromStack(built.edge),
    alarms: Template.fromStack(built.alarms),
  };
}, 120_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const distribution = () =>
  Object.values(t.web.findResources('AWS::CloudFront::Distribution') as Resources)[0]!.Properties!.DistributionConfig;
const logicalId = (construct: { node: { defaultChild?: unknown } }, stack: { getLogicalId(e: CfnElement): string }) =>
  stack.getLogicalId(construct.node.defaultChild as CfnElement);

it('stays cdk-nag clean (no WAF finding acknowledged any more)', () => {
  const report = new AwsSolutionsChecks().validateScope(built.app);
  expect(report.violations.map((v) => `${v.ruleName} at ${v.violatingResources[0]?.constructPath}`)).toEqual([]);
  const acks = built.app.node
    .findAll()
    .flatMap((c) => c.node.metadata.filter((m) => m.type === 'aws:cdk:acknowledged-rules'))
    .flatMap((m) => Object.keys(m.data as Record<string, unknown>));
  expect(acks.filter((id) => id.includes('AwsSolutions-CFR2'))).toEqual([]);
});

describe('WAF on the distribution', () => {
  const acl = () => Object.values(t.edge.findResources('AWS::WAFv2::WebACL') as Resources)[0]!.Properties!;

  it('is a CloudFront web ACL in us-east-1, attached to the distribution', () => {
    expect(built.edge.region).toBe('us-east-1');
    t.edge.resourceCountIs('AWS::WAFv2::WebACL', 1);
    expect(acl().Scope).toBe('CLOUDFRONT');
    expect(acl().DefaultAction).toEqual({ Allow: {} });
    expect(JSON.stringify(distribution().WebACLId)).toContain(built.edge.getLogicalId(built.edge.webAcl));
  });

  it('limits each IP address: the whole site, the API and sign-in, answering 429 in the API error shape', () => {
    const rules = acl().Rules as Json[];
    const rate = (name: string) => rules.find((r) => r.Name === name)!;
    expect(rate('SitePerIp').Statement.RateBasedStatement).toEqual({
      AggregateKeyType: 'IP',
      Limit: RATE_LIMITS.site,
      EvaluationWindowSec: RATE_WINDOW_SECONDS,
    });
    for (const [name, limit, prefix] of [
      ['ApiPerIp', RATE_LIMITS.api, '/api/'],
      ['SignInPerIp', RATE_LIMITS.signIn, '/api/auth/'],
    ] as const) {
      const statement = rate(name).Statement.RateBasedStatement;
      expect(statement).toMatchObject({ AggregateKeyType: 'IP', Limit: limit });
      expect(statement.ScopeDownStatement.ByteMatchStatement).toMatchObject({
        FieldToMatch: { UriPath: {} },
        PositionalConstraint: 'STARTS_WITH',
        SearchString: prefix,
      });
    }
    expect(RATE_LIMITS.signIn).toBeLessThan(RATE_LIMITS.api);
    expect(RATE_LIMITS.api).toBeLessThan(RATE_LIMITS.site);
    for (const name of ['SitePerIp', 'ApiPerIp', 'SignInPerIp']) {
      expect(rate(name).Action.Block.CustomResponse).toEqual({
        ResponseCode: 429,
        CustomResponseBodyKey: 'TooManyRequests',
      });
    }
    const body = JSON.parse(acl().CustomResponseBodies.TooManyRequests.Content as string);
    expect(body).toEqual({ error: { code: 'too_many_requests', message: expect.any(String) } });
  });

  it("runs AWS's common rule set", () => {
    const managed = (acl().Rules as Json[]).find((r) => r.Statement.ManagedRuleGroupStatement);
    expect(managed.Statement.ManagedRuleGroupStatement).toMatchObject({
      VendorName: 'AWS',
      Name: 'AWSManagedRulesCommonRuleSet',
    });
    expect(managed.OverrideAction).toEqual({ None: {} });
  });

  describe("FedEx's signed webhook", () => {
    const ipSets = () =>
      Object.fromEntries(
        Object.entries(t.edge.findResources('AWS::WAFv2::IPSet') as Resources).map(([id, r]) => {
          expect(r.Properties).toMatchObject({ Scope: 'CLOUDFRONT', IPAddressVersion: 'IPV4' });
          return [id, r.Properties!.Addresses as string[]];
        }),
      );
    const verdict = (req: EdgeRequest) => wafVerdict(acl(), ipSets(), req);
    const { method, path: webhook } = routes.carrierWebhook.contract;
    // FedEx's two published addresses (a /31).
    const fedex = ['20.65.16.22', '20.65.16.23'];
    const elsewhere = '198.51.100.7';

    it('is never refused from FedEx: allowed before any rate limit or managed rule (no User-Agent, in bursts)', () => {
      for (const ip of fedex) {
        expect(verdict({ method, path: webhook, ip }), ip).toEqual({ allowedBy: 'CarrierWebhookFromFedex' });
      }
      expect(FEDEX_WEBHOOK_SOURCES).toEqual(['20.65.16.22/31']);
    });

    it('from any other address skips the common rule set (its signature decides) but keeps the per-IP limits', () => {
      expect(verdict({ method, path: webhook, ip: elsewhere })).toEqual({ mayRefuse: ['ApiPerIp', 'SitePerIp'] });
    });

    it("leaves every other request, FedEx's included, to all the protections it had", () => {
      const all = { mayRefuse: ['ApiPerIp', 'SitePerIp', 'AwsCommonRules'] };
      expect(verdict({ method: 'GET', path: webhook, ip: fedex[0]! })).toEqual(all);
      expect(verdict({ method, path: `${webhook}/x`, ip: fedex[0]! })).toEqual(all);
      expect(verdict({ method: 'POST', path: '/api/checkout', ip: fedex[1]! })).toEqual(all);
      expect(verdict({ method: 'POST', path: '/api/auth/challenge', ip: elsewhere })).toEqual({
        mayRefuse: ['SignInPerIp', 'ApiPerIp', 'SitePerIp', 'AwsCommonRules'],
      });
      expect(verdict({ method: 'GET', path: '/', ip: elsewhere })).toEqual({
        mayRefuse: ['SitePerIp', 'AwsCommonRules'],
      });
    });
  });
});

describe('the API only through CloudFront', () => {
  const originHeaders = () =>
    (distribution().Origins as Json[])
      .filter((o) => o.CustomOriginConfig)
      .map((o) => o.OriginCustomHeaders as { HeaderName: string; HeaderValue: Json }[] | undefined);
  const secretId = () => logicalId(built.data.originVerifySecret, built.data);

  it('generates the origin secret at deployment', () => {
    const secret = (t.data.findResources('AWS::SecretsManager::Secret') as Resources)[secretId()]!;
    expect(secret.Properties!.GenerateSecretString).toMatchObject({ PasswordLength: 48, ExcludePunctuation: true });
    expect(secret.Properties!.SecretString).toBeUndefined();
  });

  it('has CloudFront send it to the HTTP and socket APIs as a dynamic reference, never a literal', () => {
    const headers = originHeaders();
    expect(headers).toHaveLength(2);
    for (const list of headers) {
      expect(list).toHaveLength(1);
      expect(list![0]!.HeaderName).toBe(ORIGIN_VERIFY_HEADER);
      const value = JSON.stringify(list![0]!.HeaderValue);
      expect(value).toContain('{{resolve:secretsmanager:');
      expect(value).toContain(':SecretString:::}}');
      expect(value).toContain(secretId());
    }
  });

  /** Roles (logical ids) with a policy that may read the origin secret. */
  const readers = (template: Template) =>
    Object.values(template.findResources('AWS::IAM::Policy') as Resources)
      .filter((p) =>
        (p.Properties!.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[]).some(
          (st) =>
            [st.Action].flat().includes('secretsmanager:GetSecretValue') &&
            JSON.stringify(st.Resource).includes(secretId()),
        ),
      )
      .flatMap((p) => (p.Properties!.Roles as { Ref: string }[]).map((r) => r.Ref))
      .sort();

  it('makes every API function and the socket authorizer check it (variable and read grant), nothing else', () => {
    const envOf = (template: Template, fn: { fn: { node: { defaultChild?: unknown } } }, stack: Stack) =>
      (template.findResources('AWS::Lambda::Function') as Resources)[logicalId(fn.fn, stack)]!.Properties!.Environment
        .Variables as Record<string, Json>;
    for (const route of routeList) {
      expect(environmentOf(built.api.functions[route.name]!)[ORIGIN_VERIFY_ENV], route.name).toBeDefined();
    }
    // The API's functions are in its route areas' nested stacks (decision 038): roles named `<area stack>/<role>`.
    expect(readers(t.api)).toEqual([]);
    expect(
      Object.values(built.api.areas)
        .flatMap((area) => readers(templateOf(area)).map((role) => `${area.node.id}/${role}`))
        .sort(),
    ).toEqual(
      routeList
        .map((r) => built.api.functions[r.name]!.fn.role!)
        .map((role) => `${Stack.of(role).node.id}/${logicalIdOf(role)}`)
        .sort(),
    );
    const authorizer = built.realtime.authorizerFunction;
    expect(envOf(t.realtime, authorizer, built.realtime)[ORIGIN_VERIFY_ENV]).toBeDefined();
    expect(readers(t.realtime)).toEqual([logicalId(authorizer.fn.role!, built.realtime)]);
    for (const fn of Object.values(built.realtime.functions)) {
      expect(envOf(t.realtime, fn, built.realtime)[ORIGIN_VERIFY_ENV]).toBeUndefined();
    }
  });
});

describe('security headers from CloudFront', () => {
  const policy = () =>
    Object.values(t.web.findResources('AWS::CloudFront::ResponseHeadersPolicy') as Resources)[0]!.Properties!
      .ResponseHeadersPolicyConfig.SecurityHeadersConfig;

  it('sends the CSP, frame, nosniff, referrer and HSTS headers, overriding the origins', () => {
    const headers = policy();
    const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    for (const directive of ["script-src 'self'", "style-src 'self'", "frame-ancestors 'none'", "object-src 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe');
    // Presigned uploads go to the media bucket's regional endpoint.
    expect(csp).toMatch(/connect-src 'self' https:\/\/.*\.s3\.us-east-1\./);
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
    expect(headers.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: HSTS_MAX_AGE_SECONDS,
      IncludeSubdomains: true,
      Override: true,
    });
    expect(HSTS_MAX_AGE_SECONDS).toBeGreaterThanOrEqual(365 * 24 * 3600);
    expect(headers.ContentSecurityPolicy.Override).toBe(true);
  });

  it('on every behavior: the site, /api/*, /ws and /media/*', () => {
    const config = distribution();
    const behaviors = [config.DefaultCacheBehavior, ...(config.CacheBehaviors as Json[])];
    expect(behaviors).toHaveLength(4);
    for (const behavior of behaviors) expect(behavior.ResponseHeadersPolicyId).toBeDefined();
    expect(new Set(behaviors.map((b) => JSON.stringify(b.ResponseHeadersPolicyId))).size).toBe(1);
  });
});

describe('throttles and reserved concurrency', () => {
  const stage = () =>
    Object.entries(t.api.findResources('AWS::ApiGatewayV2::Stage') as Resources).map(([id, s]) => ({ id, ...s }))[0]!;
  const functionOf = (stack: ApiStack, name: string) => resourceOf(stack.functions[name]!.fn);

  it('throttles the stage by default and sign-in routes tighter, naming routes that exist', () => {
    const s = stage();
    expect(s.Properties!.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: DEFAULT_THROTTLE.rateLimit,
      ThrottlingBurstLimit: DEFAULT_THROTTLE.burstLimit,
    });
    const signIn = routeList.filter((r) => r.capacity === 'sign-in');
    expect(signIn.map((r) => r.name).sort()).toEqual(['completeSignIn', 'createAccount', 'startSignIn']);
    const settings = s.Properties!.RouteSettings as Record<string, Json>;
    expect(Object.keys(settings).sort()).toEqual(
      routeList
        .filter((r) => r.capacity)
        .map((r) => `${r.contract.method} ${r.contract.path}`)
        .sort(),
    );
    for (const route of signIn) {
      expect(settings[`${route.contract.method} ${route.contract.path}`]).toEqual({
        ThrottlingRateLimit: CAPACITY['sign-in'].rateLimit,
        ThrottlingBurstLimit: CAPACITY['sign-in'].burstLimit,
      });
    }
    expect(CAPACITY['sign-in'].rateLimit).toBeLessThan(DEFAULT_THROTTLE.rateLimit);
    expect(CAPACITY.money.rateLimit).toBeLessThan(DEFAULT_THROTTLE.rateLimit);
    // The stage waits for the nested stacks that hold those routes (decision 038).
    const areaIds = routeList
      .filter((r) => r.capacity)
      .map((r) => {
        const area = built.api.areas[routeArea(r)]!;
        templateOf(area).hasResourceProperties('AWS::ApiGatewayV2::Route', {
          RouteKey: `${r.contract.method} ${r.contract.path}`,
        });
        return logicalIdOf(area);
      });
    expect(areaIds.length).toBeGreaterThan(0);
    expect(s.DependsOn).toEqual(expect.arrayContaining(areaIds));
  });

  it('reserves concurrency for exactly the routes of a capacity class: sign-in, money and bids', () => {
    const classes = new Set(routeList.map((r) => r.capacity).filter(Boolean));
    expect([...classes].sort()).toEqual(['bids', 'money', 'sign-in']);
    expect([routes.checkout.capacity, routes.placeBid.capacity]).toEqual(['money', 'bids']);
    for (const route of routeList) {
      const reserved = functionOf(built.api, route.name).Properties!.ReservedConcurrentExecutions;
      expect(reserved, route.name).toBe(route.capacity ? CAPACITY[route.capacity].reservedConcurrency : undefined);
    }
  });

  it('gives a money route (the flag every money and bid POST takes) its throttle and reserved concurrency', () => {
    // The app's feature flags (infra/app.ts) that the data stack's buckets rely on.
    const app = new App({ context: { ...NO_BUNDLING, '@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy': true } });
    const data = new DataStack(app, 'MoneyData', { mediaCorsOrigins: ['https://example.com'] });
    const pay: RouteDef = { ...routes.createListing, name: 'payForOrder', capacity: 'money' };
    const unset = '';
    const environment: FunctionEnvironment = {
      TABLE_NAME: unset,
      MEDIA_BUCKET: unset,
      MEDIA_BASE_URL: '/media',
      WS_CALLBACK_URL: unset,
      LOG_LEVEL: 'info',
      XRPL_URL: unset,
      XRPL_NETWORK: unset,
      RLUSD_ISSUER: unset,
      RLUSD_CURRENCY: unset,
      XAMAN_API_URL: unset,
      XAMAN_API_KEY: unset,
      XAMAN_API_SECRET_ARN: unset,
      PLATFORM_WALLET_ADDRESS: unset,
      PLATFORM_FEE_PERCENT: unset,
      queueUrls: {},
    };
    const api = new ApiStack(app, 'MoneyApi', { data, routes: [pay], environment });
    // The function is in its route area's nested stack, the stage in the API stack (decision 038).
    Template.fromStack(api.areas[routeArea(pay)]!).hasResourceProperties('AWS::Lambda::Function', {
      ReservedConcurrentExecutions: CAPACITY.money.reservedConcurrency,
    });
    Template.fromStack(api).hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      RouteSettings: {
        [`${pay.contract.method} ${pay.contract.path}`]: {
          ThrottlingRateLimit: CAPACITY.money.rateLimit,
          ThrottlingBurstLimit: CAPACITY.money.burstLimit,
        },
      },
    });
  });
});

describe('alarms', () => {
  const alarms = () => Object.values(t.alarms.findResources('AWS::CloudWatch::Alarm') as Resources);
  const topicRef = () => ({ Ref: logicalId(built.alarms.topic, built.alarms) });

  it('go to one SNS topic, encrypted with a rotating key CloudWatch may use, and refusing plain HTTP', () => {
    t.alarms.resourceCountIs('AWS::SNS::Topic', 1);
    t.alarms.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    t.alarms.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({ Principal: { Service: 'cloudwatch.amazonaws.com' }, Effect: 'Allow' }),
        ]),
      },
    });
    t.alarms.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    for (const alarm of alarms()) {
      expect(alarm.Properties!.AlarmActions).toEqual([topicRef()]);
      expect(alarm.Properties!.OKActions).toEqual([topicRef()]);
    }
  });

  it('watch the depth of every dead-letter queue', () => {
    const dlq = alarms().filter((a) => a.Properties!.MetricName === 'ApproximateNumberOfMessagesVisible');
    const deadLetters = [...built.data.queues.map((q) => q.deadLetters), built.workers.scheduleDeadLetters!];
    expect(built.data.queues).toHaveLength(queues.length);
    expect(built.workers.scheduleDeadLetters).toBeDefined();
    expect(dlq).toHaveLength(deadLetters.length);
    const watched = JSON.stringify(dlq.map((a) => a.Properties!.Dimensions));
    for (const queue of deadLetters) expect(watched).toContain(nagName(built.alarms, queue, queue.queueName, 'Ref'));
    for (const alarm of dlq) {
      expect(alarm.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    }
  });

  it('watch the HTTP API 5xx rate', () => {
    const [rate] = alarms().filter((a) => a.Properties!.Metrics);
    expect(rate!.Properties!.Threshold).toBe(SERVER_ERROR_PERCENT);
    const metrics = rate!.Properties!.Metrics as Json[];
    expect(metrics.find((m) => m.Expression).Expression).toMatch(/100 \* errors \/ requests/);
    expect(
      metrics
        .map((m) => m.MetricStat?.Metric.MetricName)
        .filter(Boolean)
        .sort(),
    ).toEqual(['5xx', 'Count']);
  });

  it('watch throttling: every function we deploy, and 429s from the API stage', () => {
    const throttles = alarms().filter((a) => a.Properties!.MetricName === 'Throttles');
    const own =
      routeList.length +
      Object.keys(built.realtime.functions).length +
      1 +
      Object.keys(built.workers.consumers).length +
      Object.keys(built.workers.jobs).length;
    expect(throttles).toHaveLength(own);
    t.api.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: '{ $.status = 429 }',
      MetricTransformations: [Match.objectLike({ MetricValue: '1' })],
    });
    const [filter] = Object.values(t.api.findResources('AWS::Logs::MetricFilter') as Resources);
    const metricName = filter!.Properties!.MetricTransformations[0].MetricName as string;
    expect(alarms().filter((a) => a.Properties!.MetricName === metricName)).toHaveLength(1);
  });
});
