import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Stack, type CfnElement } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_INDEXES, TTL_ATTRIBUTE } from '../../functions/adapters/db/table';
import { UPC_SERVICES } from '../../shared/domain/admin-settings';
import {
  allHandlerModules,
  needsSessionKey,
  queues,
  routeList,
  routes,
  schedules,
  wsRoutes,
  type ScheduleDef,
} from '../../functions/routes';
import { buildApp, type MarketplaceApp } from '../../infra/app';
import { CAPACITY } from '../../infra/stacks/api-stack';
import { CARRIER_ROUTES, CARRIER_WEBHOOK_ROUTES } from '../../infra/stacks/carrier-settings';
import { XRPL_NETWORKS } from '../../infra/stacks/ledger-settings';
import { routeArea } from '../../infra/stacks/route-area-stack';
import { SOCKET_TICKET_KEYS } from '../../infra/stacks/realtime-stack';
import { SIGNING_REQUEST_KEYS } from '../../infra/stacks/grants';
import { socketTicketEntity } from '../../functions/adapters/db/entities/socket-ticket';
import {
  allStacks,
  environmentOf,
  logicalIdOf,
  nestedStacksOf,
  resourceOf,
  roleStatements,
  templateOf,
} from './stack-templates';

// Template JSON is untyped; each assertion states the shape it expects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
type Resources = Record<string, { Type: string; Properties?: Record<string, Json> }>;

// When routes.ts has no schedule yet, deploy one for an existing job so the scheduling code is still exercised.
const probeSchedules: readonly ScheduleDef[] =
  schedules.length > 0 ? schedules : [{ name: 'probe', handler: queues[0]!.consumer, rate: 'rate(5 minutes)' }];

const NAG = /^AwsSolutions-/;

/**
 * The whole deployment, synthesized once (bundling every function with esbuild) with a stand-in site build so the
 * upload path is included, then checked template by template and against cdk-nag's AwsSolutions pack.
 */
let built: MarketplaceApp;
let stacks: Stack[];
let templates: Record<'data' | 'realtime' | 'api' | 'workers' | 'web', Template>;
/** The API's route areas' nested stacks' templates (decision 038). */
let areaTemplates: Template[];
/** Those and the stacks' templates. */
const everyTemplate = () => [...Object.values(templates), ...areaTemplates];
let synthError: unknown;
let scratch: string;

const all = (type: string): Resources =>
  Object.assign({}, ...everyTemplate().map((t) => t.findResources(type))) as Resources;

/** Functions we build from handler modules (not the CDK-provided site upload handler). */
const ownFunctions = (t: Template): Resources =>
  Object.fromEntries(
    Object.entries(t.findResources('AWS::Lambda::Function') as Resources).filter(
      ([id]) => !id.startsWith('CustomCDKBucketDeployment'),
    ),
  );

// Bundles every function for real (about 80): about a minute and a half on two quiet cores, more on a loaded machine.
beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'infra-test-'));
  const siteDir = path.join(scratch, 'site');
  mkdirSync(siteDir);
  writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><title>Marketplace</title>');
  built = buildApp({
    stage: 'test',
    region: 'us-east-1',
    siteDir,
    outdir: path.join(scratch, 'cdk.out'),
    schedules: probeSchedules,
  });
  try {
    built.app.synth();
  } catch (error) {
    synthError = error;
  }
  stacks = [built.data, built.realtime, built.api, built.workers, built.web, built.edge, built.alarms];
  templates = {
    data: Template.fromStack(built.data),
    realtime: Template.fromStack(built.realtime),
    api: Template.fromStack(built.api),
    workers: Template.fromStack(built.workers),
    web: Template.fromStack(built.web),
  };
  areaTemplates = Object.values(built.api.areas).map((area) => templateOf(area));
}, 300_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('cdk-nag AwsSolutions', () => {
  it('synthesizes with the checks enabled (CDK stops synthesis on any unacknowledged finding)', () => {
    expect(synthError).toBeUndefined();
  });

  it('has no unacknowledged finding, error or warning, on the synthesized app', () => {
    // cdk-nag 3 is a policy-validation plugin: findings go to the validation report, not to annotations. Running the
    // pack again after synthesis sees the same resolved templates (cross-stack imports) as the synthesis-time run.
    const report = new AwsSolutionsChecks().validateScope(built.app);
    const findings = report.violations.map(
      (v) => `${v.severity} ${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`,
    );
    expect(findings).toEqual([]);
  });

  it('leaves no error or unacknowledged warning annotations on any stack', () => {
    for (const stack of stacks) {
      const annotations = Annotations.fromStack(stack);
      expect(annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
      expect(annotations.findError('*', Match.anyValue())).toEqual([]);
      expect(annotations.findWarning('*', Match.anyValue())).toEqual([]);
    }
  });

  it('gives every acknowledgement a written reason', () => {
    const acks = built.app.node
      .findAll()
      .flatMap((c) => c.node.metadata.filter((m) => m.type === 'aws:cdk:acknowledged-rules'))
      .flatMap((m) => Object.entries(m.data as Record<string, unknown>));
    const nagAcks = acks.filter(([id]) => NAG.test(id.replace(/^annotation::/i, '')));
    expect(nagAcks.length).toBeGreaterThan(0);
    for (const [id, reason] of acks) {
      expect(typeof reason === 'string' && reason.length > 20, `reason for ${id}`).toBe(true);
    }
  });
});

describe('api stack', () => {
  it("puts every route's function and route in the nested stack of its area, and none in the API stack", () => {
    templates.api.resourceCountIs('AWS::Lambda::Function', 0);
    templates.api.resourceCountIs('AWS::ApiGatewayV2::Route', 0);
    const areas = nestedStacksOf(built.api);
    expect(areas.sort((a, b) => a.node.id.localeCompare(b.node.id))).toEqual(
      Object.values(built.api.areas).sort((a, b) => a.node.id.localeCompare(b.node.id)),
    );
    templates.api.resourceCountIs('AWS::CloudFormation::Stack', areas.length);
    for (const route of routeList) {
      const area = built.api.areas[routeArea(route)]!;
      const fn = built.api.functions[route.name]!;
      expect(Stack.of(fn), route.name).toBe(area);
      const template = templateOf(area);
      expect(Object.keys(ownFunctions(template)), route.name).toContain(logicalIdOf(fn.fn));
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: `${route.contract.method} ${route.contract.path}`,
      });
    }
    // Exactly one function per route.
    expect(areaTemplates.flatMap((t) => Object.keys(ownFunctions(t)))).toHaveLength(routeList.length);
  });

  it('routes every `METHOD /path` of the route table to the HTTP API', () => {
    const apiId = built.api.resolve(built.api.api.apiId) as Json;
    const keys = Object.values(built.api.areas).flatMap((area) => {
      const template = templateOf(area);
      // The API's id comes in as the nested stack's parameter.
      const parameters = resourceOf(area).Properties!.Parameters as Record<string, Json>;
      return Object.values(template.findResources('AWS::ApiGatewayV2::Route') as Resources).map((r) => {
        expect(parameters[r.Properties!.ApiId.Ref]).toEqual(apiId);
        return r.Properties?.RouteKey as string;
      });
    });
    expect(keys.sort()).toEqual(routeList.map((r) => `${r.contract.method} ${r.contract.path}`).sort());
  });

  it('throttles and logs the default stage', () => {
    templates.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });

  it('lets GET routes only read the table and every other method write it', () => {
    for (const route of routeList) {
      const actions = roleStatements(built.api.functions[route.name]!).flatMap((st) => [st.Action].flat());
      const writes = actions.filter((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a));
      expect(actions, route.name).toContain('dynamodb:Query');
      expect(actions, route.name).toContain('sqs:SendMessage');
      expect(actions, route.name).toContain('s3:GetObject');
      // A rate-limited GET may only count requests (the counters' own keys, checked below), the status poll record
      // Xaman's answer (its own statement, checked below).
      if (route.contract.method === 'GET')
        expect([...new Set(writes)], route.name).toEqual(
          route.rateLimits || route.updatesSigningRequests ? ['dynamodb:UpdateItem'] : [],
        );
      else expect(writes, route.name).toContain('dynamodb:PutItem');
    }
  });

  it("lets a rate-limited GET route update only its rate counters' items", () => {
    expect(routes.listListings.rateLimits).toEqual(['searchListings']);
    const updates = roleStatements(built.api.functions.listListings!).filter((st) =>
      [st.Action].flat().includes('dynamodb:UpdateItem'),
    );
    expect(updates).toEqual([
      expect.objectContaining({
        Action: 'dynamodb:UpdateItem',
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['$marketplace#key_searchlistings#*'] } },
      }),
    ]);
  });

  it('lets the sign-in status poll record what Xaman answered on signing requests only, besides its counters', () => {
    const updates = roleStatements(built.api.functions.getSignInStatus!).filter((st) =>
      [st.Action].flat().includes('dynamodb:UpdateItem'),
    );
    const leading = updates.map((st) => st.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys']);
    expect(leading).toEqual(
      expect.arrayContaining([
        [SIGNING_REQUEST_KEYS],
        expect.arrayContaining(['$marketplace#key_signinstatusperaddress#*']),
      ]),
    );
    expect(leading).toHaveLength(2);
  });

  it("lets product lookup update only its users' counters and its cache of each service's answers (decision 069)", () => {
    const updates = roleStatements(built.api.functions.lookupProducts!).filter((st) =>
      [st.Action].flat().includes('dynamodb:UpdateItem'),
    );
    expect(updates).toEqual([
      expect.objectContaining({
        Condition: {
          'ForAllValues:StringLike': {
            'dynamodb:LeadingKeys': [
              '$marketplace#key_lookupproducts#*',
              ...UPC_SERVICES.map((s) => `$marketplace#key_${s}#*`),
            ],
          },
        },
      }),
    ]);
  });

  it.each([
    ['s3:PutObject', 'uploadsMedia'],
    ['s3:DeleteObject', 'deletesMedia'],
  ] as const)('lets only the routes that need it %s media objects, and only under their prefixes', (action, flag) => {
    expect(routes.startAvatarUpload.uploadsMedia).toBe('uploads/');
    expect(routes.setAvatar.uploadsMedia).toBe('avatars/');
    expect(routes.startListingPhotoUpload.uploadsMedia).toBe('uploads/');
    expect(routes.updateListing.deletesMedia).toEqual(['uploads/', 'listing-photos/']);
    for (const route of routeList) {
      const grants = roleStatements(built.api.functions[route.name]!).filter((st) =>
        [st.Action].flat().includes(action),
      );
      const prefixes = [route[flag] ?? []].flat();
      expect(grants, route.name).toHaveLength(prefixes.length);
      prefixes.forEach((prefix, i) => expect(JSON.stringify(grants[i]!.Resource)).toContain(`/${prefix}*`));
    }
  });

  it('expires photo uploads no listing took after a day', () => {
    templates.data.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([Match.objectLike({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' })]),
      },
    });
  });
});

describe('every function', () => {
  it('runs Node.js 22 on ARM (x86_64 with more memory where a native module needs it) with the configuration functions/lib/config.ts requires', () => {
    const functions = Object.entries(all('AWS::Lambda::Function'));
    expect(functions.length).toBeGreaterThan(0);
    const own = everyTemplate().flatMap((t) => Object.values(ownFunctions(t)));
    expect(own).toHaveLength(allHandlerModules().length + (schedules.length > 0 ? 0 : probeSchedules.length));
    const native = [
      ...queues.filter((q) => q.nativeModules).map((q) => `functions/${q.consumer}`),
      ...routeList.filter((r) => r.nativeModules).map((r) => `${r.contract.method} ${r.contract.path}`),
    ];
    expect(native.length).toBeGreaterThan(queues.filter((q) => q.nativeModules).length);
    expect(own.filter((fn) => native.includes(fn.Properties!.Description))).toHaveLength(native.length);
    // A capacity class may ask for more memory (bids, decision 031).
    const memoryOf = new Map(
      routeList.flatMap((r) => {
        const capacity = r.capacity && CAPACITY[r.capacity];
        return capacity && 'memorySize' in capacity
          ? [[`${r.contract.method} ${r.contract.path}`, capacity.memorySize]]
          : [];
      }),
    );
    expect(memoryOf.size).toBeGreaterThan(0);
    for (const fn of own) {
      const isNative = native.includes(fn.Properties!.Description);
      expect(fn.Properties!.Runtime).toBe('nodejs22.x');
      expect(fn.Properties!.Architectures).toEqual([isNative ? 'x86_64' : 'arm64']);
      expect(fn.Properties!.MemorySize).toBe(isNative ? 1024 : (memoryOf.get(fn.Properties!.Description) ?? 512));
      expect(Object.keys(fn.Properties!.Environment.Variables)).toEqual(
        expect.arrayContaining([
          'TABLE_NAME',
          'MEDIA_BUCKET',
          'MEDIA_BASE_URL',
          'WS_CALLBACK_URL',
          'LOG_LEVEL',
          'NODE_OPTIONS',
          'XRPL_URL',
          'XRPL_NETWORK',
          'RLUSD_ISSUER',
          'RLUSD_CURRENCY',
          'XAMAN_API_URL',
          'XAMAN_API_SECRET_ARN',
          'PLATFORM_FEE_PERCENT',
          ...queues.map((q) => q.urlEnv),
        ]),
      );
      expect(fn.Properties!.LoggingConfig.LogGroup).toBeDefined();
    }
  });

  it("keeps every stack and nested stack well under CloudFormation's 500 resources (and 200 parameters and outputs)", () => {
    const everyStack = allStacks(built.app);
    expect(everyStack).toEqual(expect.arrayContaining([...stacks, ...Object.values(built.api.areas)]));
    for (const stack of everyStack) {
      const template = templateOf(stack).toJSON() as Record<string, object | undefined>;
      const count = Object.keys(template.Resources ?? {}).length;
      // Routes are added a nested stack per area (decision 038): 22 resources in the API stack with 76 routes.
      expect(count, stack.node.path).toBeLessThanOrEqual(460);
      // A route area holds six resources a route: an area of more than 33 routes should be split.
      if (stack.nested) expect(count, stack.node.path).toBeLessThanOrEqual(200);
      // An export (a route's function name for its alarm) is an output of the nested stack and of the API stack.
      expect(Object.keys(template.Outputs ?? {}).length, stack.node.path).toBeLessThanOrEqual(200);
      expect(Object.keys(template.Parameters ?? {}).length, stack.node.path).toBeLessThanOrEqual(200);
    }
  });

  it("logs every API function to the API stack's one log group (decision 038), through its route area's parameter", () => {
    const functionLogs = Object.entries(templates.api.findResources('AWS::Logs::LogGroup') as Resources);
    // The access log and the functions' log.
    expect(functionLogs).toHaveLength(2);
    const groups = new Set(
      Object.values(built.api.areas).flatMap((area) => {
        const parameters = resourceOf(area).Properties!.Parameters as Record<string, Json>;
        expect(templateOf(area).findResources('AWS::Logs::LogGroup'), area.node.id).toEqual({});
        return Object.values(ownFunctions(templateOf(area))).map((fn) =>
          JSON.stringify(parameters[fn.Properties!.LoggingConfig.LogGroup.Ref as string]),
        );
      }),
    );
    expect(groups.size).toBe(1);
    expect(functionLogs.map(([id]) => JSON.stringify({ Ref: id }))).toContain([...groups][0]);
  });

  it("bundles every function, the route areas' too, from one esbuild run (decision 049)", () => {
    const outdir = path.join(scratch, 'cdk.out');
    expect(readdirSync(outdir).filter((name) => name.startsWith('function-bundles-'))).toHaveLength(1);
    // Each function's zip holds a hard link to that run's output, not a build of its own.
    for (const route of routeList) {
      const key = resourceOf(built.api.functions[route.name]!.fn).Properties!.Code.S3Key as string;
      const bundle = path.join(outdir, `asset.${key.replace(/\.zip$/, '')}`, 'index.mjs');
      expect(statSync(bundle).nlink, route.name).toBeGreaterThan(1);
    }
  });

  it('has a log group with a retention', () => {
    for (const group of Object.values(all('AWS::Logs::LogGroup'))) {
      expect(group.Properties!.RetentionInDays).toBeGreaterThan(0);
    }
  });
});

describe('ledger and signer settings', () => {
  const ownEnvironments = () =>
    everyTemplate().flatMap((t) =>
      Object.values(ownFunctions(t)).map((fn) => fn.Properties!.Environment.Variables as Record<string, Json>),
    );

  it('default to XRPL testnet, its RLUSD issuer and the real Xaman API, with no Xaman key until one is given', () => {
    for (const env of ownEnvironments()) {
      expect(env.XRPL_NETWORK).toBe('testnet');
      expect(env.XRPL_URL).toBe(XRPL_NETWORKS.testnet.url);
      expect(env.RLUSD_ISSUER).toBe(XRPL_NETWORKS.testnet.rlusdIssuer);
      expect(env.RLUSD_CURRENCY).toBe('524C555344000000000000000000000000000000');
      expect(env.XAMAN_API_URL).toBe('https://xumm.app');
      expect(env.XAMAN_API_KEY).toBeUndefined();
      expect(env.XAMAN_API_SECRET).toBeUndefined();
    }
  });

  const secretsOf = () => templates.data.findResources('AWS::SecretsManager::Secret') as Record<string, Json>;
  const secretId = (secret: CfnElement) => built.data.getLogicalId(secret);

  it('keeps the Xaman secret in one Secrets Manager secret, created without a value and retained', () => {
    // Xaman's, the session signing key, the CloudFront origin secret (tests/infra/edge-protection.test.ts), the
    // carrier's API secret and webhook token (tests/infra/carrier-settings.test.ts) and the platform account's seed.
    templates.data.resourceCountIs('AWS::SecretsManager::Secret', 6);
    const secret = secretsOf()[secretId(built.data.xamanApiSecret.node.defaultChild as CfnElement)];
    expect(secret.Properties.GenerateSecretString).toBeUndefined();
    expect(secret.Properties.SecretString).toBeUndefined();
    expect(secret.DeletionPolicy).toBe('Retain');
  });

  it('generates the session signing key (64 characters, no punctuation) and retains it', () => {
    const secret = secretsOf()[secretId(built.data.sessionSigningKey.node.defaultChild as CfnElement)];
    expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 64, ExcludePunctuation: true });
    expect(secret.Properties.SecretString).toBeUndefined();
    expect(secret.DeletionPolicy).toBe('Retain');
  });

  type Reader = (typeof built.api.functions)[string];
  // A function's own stack's template: a route's is its area's nested stack (decision 038).
  const grantsOf = (fn: Reader, secret: CfnElement) =>
    roleStatements(fn)
      .filter((st) => [st.Action].flat().includes('secretsmanager:GetSecretValue'))
      .filter((st) => JSON.stringify(st.Resource).includes(secretId(secret)));

  it('lets only the functions that talk to Xaman read its secret (routes, consumers, jobs), and socket functions none', () => {
    const xaman = built.data.xamanApiSecret.node.defaultChild as CfnElement;
    expect(routes.startSignIn.usesSigner && routes.completeSignIn.usesSigner && routes.getHealth.usesSigner).toBe(true);
    expect(routes.listListings.usesSigner).toBeUndefined();
    // A cross-stack import of the secret's full ARN (no wildcard), once per function that needs it.
    for (const route of routeList) {
      expect(grantsOf(built.api.functions[route.name]!, xaman), route.name).toHaveLength(route.usesSigner ? 1 : 0);
    }
    for (const def of queues) {
      expect(grantsOf(built.workers.consumers[def.name]!, xaman), def.name).toHaveLength(def.usesSigner ? 1 : 0);
    }
    expect(probeSchedules.some((s) => s.usesSigner)).toBe(true);
    for (const def of probeSchedules) {
      expect(grantsOf(built.workers.jobs[def.name]!, xaman), def.name).toHaveLength(def.usesSigner ? 1 : 0);
    }
    for (const fn of Object.values(built.realtime.functions)) {
      expect(grantsOf(fn, xaman), fn.node.path).toEqual([]);
    }
  });

  it('lets only the routes that check or issue sessions read the session key, and gives them its ARN', () => {
    const key = built.data.sessionSigningKey.node.defaultChild as CfnElement;
    expect(needsSessionKey(routes.getMe)).toBe(true);
    expect(needsSessionKey(routes.completeSignIn)).toBe(true);
    expect(needsSessionKey(routes.listListings)).toBe(false);
    for (const route of routeList) {
      const fn = built.api.functions[route.name]!;
      const env = environmentOf(fn);
      const wanted = needsSessionKey(route);
      expect(grantsOf(fn, key), route.name).toHaveLength(wanted ? 1 : 0);
      expect(env.SESSION_SIGNING_KEY_ARN !== undefined, route.name).toBe(wanted);
    }
    for (const fn of [...Object.values(built.workers.consumers), ...Object.values(built.realtime.functions)]) {
      expect(grantsOf(fn, key), fn.node.path).toEqual([]);
    }
    // The socket authorizer takes one-time tickets, not session tokens (decision 078): no key, and its only write is
    // deleting a ticket.
    const authorizer = built.realtime.authorizerFunction;
    expect(grantsOf(authorizer, key)).toEqual([]);
    const realtimeFunctions = templates.realtime.findResources('AWS::Lambda::Function') as Resources;
    const authorizerEnv = realtimeFunctions[built.realtime.getLogicalId(authorizer.fn.node.defaultChild as CfnElement)]!
      .Properties!.Environment.Variables as Record<string, Json>;
    expect(authorizerEnv.SESSION_SIGNING_KEY_ARN).toBeUndefined();
    const writes = roleStatements(authorizer).filter((st) =>
      [st.Action].flat().some((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a)),
    );
    expect(writes).toEqual([
      expect.objectContaining({
        Action: 'dynamodb:DeleteItem',
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [SOCKET_TICKET_KEYS] } },
      }),
    ]);
    const ticketKey = socketTicketEntity({ table: 't' }).delete({ ticketHash: 'ab12' }).params().Key as { pk: string };
    expect(ticketKey.pk).toBe(SOCKET_TICKET_KEYS.replace('*', 'ab12'));
  });

  it('keeps escrow fulfillments under a retained, rotated KMS key: checkout may only encrypt, and only what releases and refunds escrows may decrypt', () => {
    templates.data.hasResource('AWS::KMS::Key', {
      Properties: Match.objectLike({ EnableKeyRotation: true }),
      DeletionPolicy: 'Retain',
    });
    const keyStatements = (fn: Reader) =>
      roleStatements(fn)
        .flatMap((st) => [st.Action].flat())
        .filter((action) => action.startsWith('kms:'));
    const envOf = environmentOf;
    expect(routes.checkout.sealsFulfillments).toBe(true);
    expect(routes.checkout.opensFulfillments).toBeUndefined();
    expect(keyStatements(built.api.functions.checkout!)).toEqual(['kms:Encrypt']);
    const openers = [
      ...routeList.filter((r) => r.opensFulfillments).map((r) => built.api.functions[r.name]!),
      ...probeSchedules.filter((s) => s.opensFulfillments).map((s) => built.workers.jobs[s.name]!),
    ];
    expect(openers.length).toBeGreaterThanOrEqual(2);
    for (const route of routeList) {
      const fn = built.api.functions[route.name]!;
      const wanted = route.sealsFulfillments ? ['kms:Encrypt'] : route.opensFulfillments ? ['kms:Decrypt'] : [];
      expect(keyStatements(fn), route.name).toEqual(wanted);
      expect(envOf(fn).FULFILLMENT_KEY_ARN !== undefined, route.name).toBe(wanted.length > 0);
    }
    for (const def of probeSchedules) {
      const fn = built.workers.jobs[def.name]!;
      expect(keyStatements(fn), def.name).toEqual(def.opensFulfillments ? ['kms:Decrypt'] : []);
      expect(envOf(fn).FULFILLMENT_KEY_ARN !== undefined, def.name).toBe(def.opensFulfillments === true);
    }
    // Exactly the opensFulfillments functions can decrypt: no consumer, socket function or other route or job.
    const everyFunction = [
      ...Object.values(built.api.functions),
      ...Object.values(built.workers.consumers),
      ...Object.values(built.workers.jobs),
      ...Object.values(built.realtime.functions),
      built.realtime.authorizerFunction,
    ];
    expect(everyFunction.filter((fn) => keyStatements(fn).includes('kms:Decrypt'))).toEqual(openers);
  });

  it("keeps the platform account's seed in a retained secret created empty, read only by what releases and refunds escrows", () => {
    const seed = built.data.platformWalletSeed.node.defaultChild as CfnElement;
    const secret = secretsOf()[secretId(seed)];
    expect(secret.Properties.GenerateSecretString).toBeUndefined();
    expect(secret.Properties.SecretString).toBeUndefined();
    expect(secret.DeletionPolicy).toBe('Retain');
    const envOf = environmentOf;
    expect(routes.decidePickup.opensFulfillments && routes.carrierWebhook.opensFulfillments).toBe(true);
    expect(routes.requestPlatformFee.opensFulfillments).toBeUndefined();
    const cases: [string, Reader, boolean][] = [
      ...routeList.map((r): [string, Reader, boolean] => [
        r.name,
        built.api.functions[r.name]!,
        !!(r.opensFulfillments || r.signsAsPlatform),
      ]),
      ...probeSchedules.map((d): [string, Reader, boolean] => [
        d.name,
        built.workers.jobs[d.name]!,
        !!d.opensFulfillments,
      ]),
      ...Object.entries(built.workers.consumers).map(([n, fn]): [string, Reader, boolean] => [n, fn, false]),
      ...Object.entries(built.realtime.functions).map(([n, fn]): [string, Reader, boolean] => [n, fn, false]),
      ['ws authorizer', built.realtime.authorizerFunction, false],
    ];
    for (const [name, fn, wanted] of cases) {
      const env = envOf(fn);
      expect(grantsOf(fn, seed), name).toHaveLength(wanted ? 1 : 0);
      expect(env.PLATFORM_WALLET_SEED_ARN !== undefined, name).toBe(wanted);
      expect(env.PLATFORM_WALLET_SEED, name).toBeUndefined();
      // Every function gets the fee (2.5 % unless context says otherwise); no address until context gives one.
      expect(env.PLATFORM_FEE_PERCENT, name).toBe('2.5');
      expect(env.PLATFORM_WALLET_ADDRESS, name).toBeUndefined();
    }
  });

  it("gives routes that follow a transaction to a validated ledger the API's whole time limit", () => {
    expect(routes.xamanWebhook.submitsToLedger && routes.getOrder.submitsToLedger).toBe(true);
    for (const route of routeList.filter((r) => r.submitsToLedger)) {
      expect(resourceOf(built.api.functions[route.name]!.fn).Properties!.Timeout, route.name).toBe(29);
    }
  });

  it('keeps the carrier secrets empty and retained; only carrier routes and jobs read the API secret, only the webhook route the webhook token', () => {
    const { apiSecret, webhookSecret, trackApiSecret } = built.data.carrier;
    expect(trackApiSecret).toBeUndefined();
    for (const secret of [apiSecret, webhookSecret]) {
      const cfn = secretsOf()[secretId(secret.node.defaultChild as CfnElement)];
      expect(cfn.Properties.GenerateSecretString).toBeUndefined();
      expect(cfn.Properties.SecretString).toBeUndefined();
      expect(cfn.DeletionPolicy).toBe('Retain');
    }
    const api = apiSecret.node.defaultChild as CfnElement;
    const webhook = webhookSecret.node.defaultChild as CfnElement;
    expect(CARRIER_ROUTES.has(routes.getHealth.name)).toBe(true);
    for (const route of routeList) {
      const fn = built.api.functions[route.name]!;
      const env = environmentOf(fn);
      const wanted = CARRIER_ROUTES.has(route.name);
      expect(grantsOf(fn, api), route.name).toHaveLength(wanted ? 1 : 0);
      // FedEx's tracking webhook (POST /api/carrier/webhook) checks its signature and the admin's simulated webhook
      // makes one (decision 066); nothing else reads the token.
      const webhookRoute = CARRIER_WEBHOOK_ROUTES.has(route.name);
      expect(grantsOf(fn, webhook), route.name).toHaveLength(webhookRoute ? 1 : 0);
      // The API keys tab is told which carrier secrets the deployment has (their ARNs), with access to none.
      const keysTab = route.name === routes.getApiKeys.name;
      expect(env.CARRIER_WEBHOOK_SECRET_ARN !== undefined, route.name).toBe(webhookRoute || keysTab);
      expect(env.CARRIER_API_SECRET_ARN !== undefined, route.name).toBe(wanted || keysTab);
      // FedEx production unless context says otherwise; no account or key until given; never a secret's value.
      expect(env.CARRIER_API_URL, route.name).toBe(wanted || keysTab ? 'https://apis.fedex.com' : undefined);
      expect(env.CARRIER_ACCOUNT_NUMBER).toBeUndefined();
      expect(env.CARRIER_API_KEY).toBeUndefined();
      expect(env.CARRIER_API_SECRET).toBeUndefined();
      expect(env.CARRIER_WEBHOOK_SECRET).toBeUndefined();
    }
    expect(routes.carrierWebhook.contract).toMatchObject({ method: 'POST', path: '/api/carrier/webhook' });
    expect(routes.carrierWebhook.auth).toBe('public');
    // The signing consumer buys a paid label (decision 039); no other consumer talks to FedEx.
    expect(queues.filter((q) => q.usesCarrier).map((q) => q.name)).toEqual(['signing']);
    for (const def of queues) {
      const fn = built.workers.consumers[def.name]!;
      expect(grantsOf(fn, api), def.name).toHaveLength(def.usesCarrier ? 1 : 0);
      expect(grantsOf(fn, webhook), def.name).toEqual([]);
    }
    for (const fn of Object.values(built.realtime.functions)) {
      expect(grantsOf(fn, api), fn.node.path).toEqual([]);
      expect(grantsOf(fn, webhook), fn.node.path).toEqual([]);
    }
    expect(probeSchedules.some((s) => s.usesCarrier)).toBe(true);
    const jobFunctions = templates.workers.findResources('AWS::Lambda::Function') as Resources;
    for (const def of probeSchedules) {
      const fn = built.workers.jobs[def.name]!;
      const env = jobFunctions[built.workers.getLogicalId(fn.fn.node.defaultChild as CfnElement)]!.Properties!
        .Environment.Variables as Record<string, Json>;
      expect(grantsOf(fn, api), def.name).toHaveLength(def.usesCarrier ? 1 : 0);
      expect(env.CARRIER_API_SECRET_ARN !== undefined, def.name).toBe(def.usesCarrier === true);
      expect(env.CARRIER_API_URL, def.name).toBe(def.usesCarrier ? 'https://apis.fedex.com' : undefined);
      expect(grantsOf(fn, webhook), def.name).toEqual([]);
      expect(env.CARRIER_WEBHOOK_SECRET_ARN, def.name).toBeUndefined();
    }
  });
});

describe('realtime stack', () => {
  it('has $connect, $disconnect and $default, with the authorizer on $connect only', () => {
    const routes = Object.values(templates.realtime.findResources('AWS::ApiGatewayV2::Route') as Resources);
    expect(routes.map((r) => r.Properties!.RouteKey).sort()).toEqual(Object.keys(wsRoutes).sort());
    for (const route of routes) {
      const connect = route.Properties!.RouteKey === '$connect';
      expect(route.Properties!.AuthorizationType).toBe(connect ? 'CUSTOM' : 'NONE');
      if (connect) expect(route.Properties!.AuthorizerId).toBeDefined();
    }
  });

  it('calls the authorizer for every connection (no identity source), so anonymous sockets reach it', () => {
    templates.realtime.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    const [authorizer] = Object.values(templates.realtime.findResources('AWS::ApiGatewayV2::Authorizer') as Resources);
    expect(authorizer!.Properties!.AuthorizerType).toBe('REQUEST');
    expect(authorizer!.Properties!.IdentitySource).toBeUndefined();
  });

  it('auto-deploys the `ws` stage, which the CloudFront /ws behavior reaches', () => {
    templates.realtime.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'ws', AutoDeploy: true });
  });
});

describe('data stack', () => {
  it('has the table with point-in-time recovery, deletion protection, TTL and every named index', () => {
    templates.data.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    const [table] = Object.values(templates.data.findResources('AWS::DynamoDB::GlobalTable') as Resources);
    const p = table!.Properties!;
    expect(p.BillingMode).toBe('PAY_PER_REQUEST');
    expect(p.Replicas[0].PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(p.Replicas[0].DeletionProtectionEnabled).toBe(true);
    expect(p.TimeToLiveSpecification).toEqual({ AttributeName: TTL_ATTRIBUTE, Enabled: true });
    expect(p.GlobalSecondaryIndexes.map((i: { IndexName: string }) => i.IndexName).sort()).toEqual(
      Object.keys(TABLE_INDEXES).sort(),
    );
    templates.data.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Retain' });
  });

  it('gives every queue that is not a dead-letter queue a redrive policy to one', () => {
    const sqsQueues = templates.data.findResources('AWS::SQS::Queue') as Resources;
    const deadLetterIds = new Set(
      Object.values(sqsQueues)
        .map((q) => q.Properties?.RedrivePolicy?.deadLetterTargetArn?.['Fn::GetAtt']?.[0] as string | undefined)
        .filter(Boolean),
    );
    const workQueues = Object.entries(sqsQueues).filter(([id]) => !deadLetterIds.has(id));
    expect(workQueues).toHaveLength(queues.length);
    expect(deadLetterIds.size).toBe(queues.length);
    for (const [, queue] of workQueues) {
      expect(queue.Properties!.RedrivePolicy.maxReceiveCount).toBeGreaterThan(0);
      expect(queue.Properties!.SqsManagedSseEnabled).toBe(true);
    }
  });

  it('gives every queue def its visibility timeout and a consumer reporting partial batch failures', () => {
    for (const def of queues) {
      templates.data.hasResourceProperties('AWS::SQS::Queue', {
        VisibilityTimeout: def.visibilityTimeoutSeconds,
        RedrivePolicy: { maxReceiveCount: def.maxReceiveCount },
      });
      templates.workers.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        BatchSize: def.batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
    }
    // Consumers may send to every queue (the signing consumer re-enqueues checks and publishes events).
    const policies = Object.values(templates.workers.findResources('AWS::IAM::Policy') as Resources);
    for (const def of queues) {
      const consumer = built.workers.consumers[def.name]!.fn;
      const roleId = built.workers.getLogicalId(consumer.role!.node.defaultChild as CfnElement);
      const sends = policies
        .filter((p) => (p.Properties!.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
        .flatMap((p) => p.Properties!.PolicyDocument.Statement as { Action: string | string[] }[])
        .filter((st) => [st.Action].flat().includes('sqs:SendMessage'));
      expect(sends, def.name).toHaveLength(queues.length);
    }
    // AWS: visibility timeout at least six times the consumer's timeout, so retries within a batch can't overlap.
    const functions = templates.workers.findResources('AWS::Lambda::Function') as Resources;
    for (const def of queues) {
      const consumer = built.workers.consumers[def.name]!.fn;
      const logicalId = built.workers.getLogicalId(consumer.node.defaultChild as CfnElement);
      expect(functions[logicalId]!.Properties!.Timeout * 6).toBeLessThanOrEqual(def.visibilityTimeoutSeconds);
    }
  });
});

describe('buckets', () => {
  it('block every kind of public access, require TLS and are encrypted', () => {
    const buckets = all('AWS::S3::Bucket');
    expect(Object.keys(buckets).length).toBeGreaterThanOrEqual(3);
    for (const bucket of Object.values(buckets)) {
      expect(bucket.Properties!.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties!.BucketEncryption).toBeDefined();
    }
    const policies = Object.values(all('AWS::S3::BucketPolicy'));
    expect(policies).toHaveLength(Object.keys(buckets).length);
    for (const policy of policies) {
      expect(JSON.stringify(policy.Properties!.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('lets browsers upload media with presigned POST/PUT', () => {
    templates.data.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedMethods: Match.arrayWith(['POST', 'PUT', 'GET']) })],
      },
    });
  });
});

describe('web stack', () => {
  const distribution = () =>
    Object.values(templates.web.findResources('AWS::CloudFront::Distribution') as Resources)[0]!.Properties!
      .DistributionConfig;

  it('routes /api/*, /ws and /media/* past the site', () => {
    const behaviors = distribution().CacheBehaviors as { PathPattern: string; AllowedMethods?: string[] }[];
    expect(behaviors.map((b) => b.PathPattern).sort()).toEqual(['/api/*', '/media/*', '/ws']);
    expect(behaviors.find((b) => b.PathPattern === '/api/*')!.AllowedMethods).toContain('POST');
  });

  it('serves index.html for client routes with a viewer-request function, not error responses', () => {
    const config = distribution();
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1);
    templates.web.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: Match.stringLikeRegexp("request.uri = '/index.html'"),
    });
  });

  it("gives the API the viewer's address from a viewer-request function, replacing any the viewer sent", () => {
    const api = (distribution().CacheBehaviors as { PathPattern: string; FunctionAssociations?: unknown[] }[]).find(
      (b) => b.PathPattern === '/api/*',
    )!;
    expect(api.FunctionAssociations).toHaveLength(1);
    templates.web.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: Match.stringLikeRegexp("request.headers\\['x-viewer-address'\\] = \\{ value: event.viewer.ip \\}"),
    });
  });

  it('reads both buckets through origin access control', () => {
    templates.web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
    const origins = distribution().Origins as { S3OriginConfig?: unknown; OriginAccessControlId?: unknown }[];
    const s3Origins = origins.filter((o) => o.S3OriginConfig);
    expect(s3Origins).toHaveLength(2);
    for (const origin of s3Origins) expect(origin.OriginAccessControlId).toBeDefined();
  });

  it('uploads the built site and invalidates the distribution', () => {
    templates.web.resourceCountIs('Custom::CDKBucketDeployment', 1);
    templates.web.hasResourceProperties('Custom::CDKBucketDeployment', { DistributionPaths: ['/*'] });
  });
});

describe('workers stack', () => {
  it('has one EventBridge Scheduler schedule per schedule def', () => {
    templates.workers.resourceCountIs('AWS::Scheduler::Schedule', probeSchedules.length);
    for (const def of probeSchedules) {
      templates.workers.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: def.rate,
        State: 'ENABLED',
      });
    }
  });
});
