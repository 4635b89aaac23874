import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { allHandlerModules, type ScheduleDef } from '../functions/routes';
import { adminSettings } from './stacks/admin-settings';
import { AlarmsStack } from './stacks/alarms-stack';
import { ApiStack } from './stacks/api-stack';
import { bundleTogether } from './stacks/handler-bundling';
import { DataStack } from './stacks/data-stack';
import { EDGE_REGION, EdgeStack } from './stacks/edge-stack';
import { ledgerSettings } from './stacks/ledger-settings';
import { adminSecretsPrefix } from './stacks/managed-secrets';
import { platformSettings } from './stacks/platform-settings';
import { retainLogsOfEveryFunction } from './stacks/log-retention';
import { REPO_ROOT } from './stacks/node-function';
import { RealtimeStack } from './stacks/realtime-stack';
import { WebStack } from './stacks/web-stack';
import { WorkersStack } from './stacks/workers-stack';

export interface BuildAppProps {
  /** Deployment stage (stack name prefix). Default: context `stage`, else 'dev'. */
  stage?: string;
  /** Default: context `region`, else CDK_DEFAULT_REGION, else us-east-1. */
  region?: string;
  /** Built site to upload. Default: web/dist (uploaded only when it holds an index.html). */
  siteDir?: string;
  /** Extra context, as `-c key=value` would give. */
  context?: Record<string, unknown>;
  outdir?: string;
  /** Run the cdk-nag AwsSolutions checks at synthesis (default true). */
  nag?: boolean;
  /** Scheduled jobs to deploy. Default: `schedules` of functions/routes.ts (tests pass their own to exercise them). */
  schedules?: readonly ScheduleDef[];
}

export interface MarketplaceApp {
  app: App;
  stage: string;
  data: DataStack;
  realtime: RealtimeStack;
  api: ApiStack;
  workers: WorkersStack;
  web: WebStack;
  /** The CloudFront web ACL, always in us-east-1. */
  edge: EdgeStack;
  alarms: AlarmsStack;
}

/** Set here rather than in cdk.json so tests that build the app in-process synthesize the same templates. */
const FEATURE_FLAGS = {
  // S3 server access logs are granted by bucket policy, so log buckets can keep ACLs disabled.
  '@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy': true,
  // Exports stay protected while another stack imports them (CloudFormation refuses to delete them).
  '@aws-cdk/core:defaultCrossStackReferences': 'strong',
};

/**
 * The whole deployment for one stage. The account is left to the CLI's credentials at deploy time (no lookups), so
 * `cdk synth` runs offline without any.
 */
export function buildApp(props: BuildAppProps = {}): MarketplaceApp {
  const app = new App({
    context: { ...FEATURE_FLAGS, ...props.context },
    ...(props.outdir ? { outdir: props.outdir } : {}),
  });
  bundleTogether(app, [...allHandlerModules(), ...(props.schedules ?? []).map((s) => s.handler)]);
  const ctx = (key: string): string | undefined => {
    const v: unknown = app.node.tryGetContext(key);
    return typeof v === 'string' && v.length > 0 ? v : undefined;
  };
  const stage = props.stage ?? ctx('stage') ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) throw new Error(`Invalid stage '${stage}': use a-z, 0-9 and -`);
  const region = props.region ?? ctx('region') ?? process.env.CDK_DEFAULT_REGION ?? 'us-east-1';
  const env = { region };
  const name = (part: string) => `Marketplace-${stage}-${part}`;

  // Uploads go straight from the browser to S3 with presigned requests, from the site's origin: a custom domain when
  // one is configured, else the distribution's *.cloudfront.net name (not known until the web stack exists).
  const mediaCorsOrigins = (ctx('siteOrigin') ?? 'https://*.cloudfront.net').split(',').map((s) => s.trim());

  // The XRP Ledger network, RLUSD issuer and Xaman application (context xrplNetwork, xrplUrl, rlusdIssuer,
  // xamanApiUrl, xamanApiKey; defaults: XRPL testnet and the real Xaman API).
  const ledger = ledgerSettings(ctx);
  // The platform's XRPL account (context platformWalletAddress; fees: platformFeePercent, default 2.5). Its seed is a
  // secret of the data stack, read only by what releases and refunds escrows.
  const platform = platformSettings(ctx);
  // The configured administrators' wallets (context adminWalletAddresses, decision 062).
  const admin = adminSettings(ctx);

  const data = new DataStack(app, name('Data'), {
    env,
    stackName: name('Data'),
    mediaCorsOrigins,
    // A table restored from a point in time takes the stage's place (context tableName; docs/operations.md).
    ...(ctx('tableName') && { servingTableName: ctx('tableName') }),
    adminSecretsPrefix: adminSecretsPrefix(stage),
  });
  const base = {
    STAGE: stage,
    ...ledger,
    ...platform,
    ...admin,
    XAMAN_API_SECRET_ARN: data.xamanApiSecret.secretArn,
    TABLE_NAME: data.table.tableName,
    MEDIA_BUCKET: data.mediaBucket.bucketName,
    // Browser, API and media share the CloudFront origin, so a path is enough (and keeps the api stack free of a
    // reference to the distribution, which itself refers to the api).
    MEDIA_BASE_URL: '/media',
    LOG_LEVEL: ctx('logLevel') ?? 'info',
    queueUrls: Object.fromEntries(data.queues.map((q) => [q.def.urlEnv, q.queue.queueUrl])),
  };
  const realtime = new RealtimeStack(app, name('Realtime'), {
    env,
    stackName: name('Realtime'),
    data,
    environment: base,
  });
  const environment = { ...base, WS_CALLBACK_URL: realtime.stage.callbackUrl };
  const api = new ApiStack(app, name('Api'), {
    env,
    stackName: name('Api'),
    data,
    environment,
    // -c reserveConcurrency=false for an account whose Lambda concurrency quota is still the new-account minimum.
    reserveConcurrency: ctx('reserveConcurrency') !== 'false',
  });
  const workers = new WorkersStack(app, name('Workers'), {
    env,
    stackName: name('Workers'),
    data,
    realtime,
    environment,
    ...(props.schedules ? { schedules: props.schedules } : {}),
  });
  // CloudFront only takes a web ACL made in us-east-1. When the app lives elsewhere, the web stack reads the ACL's ARN
  // through CDK's cross-region references (SSM parameters written by the edge stack).
  const crossRegionReferences = region !== EDGE_REGION;
  const edge = new EdgeStack(app, name('Edge'), {
    env: { region: EDGE_REGION },
    stackName: name('Edge'),
    crossRegionReferences,
    metricPrefix: name('Waf'),
  });
  const web = new WebStack(app, name('Web'), {
    env,
    stackName: name('Web'),
    crossRegionReferences,
    data,
    api,
    realtime,
    webAclArn: edge.webAcl.attrArn,
    ...(ctx('siteDomain') &&
      ctx('siteCertificateArn') && {
        siteDomain: { domainName: ctx('siteDomain')!, certificateArn: ctx('siteCertificateArn')! },
      }),
    siteDir: props.siteDir ?? path.join(REPO_ROOT, 'web', 'dist'),
  });
  const alarms = new AlarmsStack(app, name('Alarms'), {
    env,
    stackName: name('Alarms'),
    stage,
    edge,
    data,
    api,
    realtime,
    workers,
    ...(ctx('alarmEmail') && { alarmEmail: ctx('alarmEmail') }),
  });

  retainLogsOfEveryFunction(app);
  Tags.of(app).add('project', 'marketplace');
  Tags.of(app).add('stage', stage);
  if (props.nag ?? true) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stage, data, realtime, api, workers, web, edge, alarms };
}

const entry = process.argv[1] ? path.resolve(process.argv[1]) : '';
if (entry === fileURLToPath(import.meta.url)) {
  buildApp().app.synth();
}
