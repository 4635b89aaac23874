import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AssetHashType, DockerImage, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { ZIP_PLACES_FILE, zipPlacesFromPackage } from '../../functions/adapters/lookup/bundled-zip-lookup';
import { BUNDLE_FILE, REPO_ROOT } from './function-bundles';
import { HandlerBundling } from './handler-bundling';

export { REPO_ROOT, REQUIRE_BANNER } from './function-bundles';

/**
 * Files a handler reads next to its bundle, by name, made at bundle time: data kept out of the code a cold start
 * compiles (the ZIP codes were 5 MB of the lookup's bundle as a JS object).
 */
const DATA_FILES: Readonly<Record<string, Readonly<Record<string, () => string>>>> = {
  'http/lookup/lookup-zip': { [ZIP_PLACES_FILE]: zipPlacesFromPackage },
};

/**
 * The settings every function reads through functions/lib/config.ts, given to every function whatever it uses. An
 * empty value is left out (the setting is then unset, and config.ts names it when code needs it).
 */
export interface FunctionEnvironment {
  /** The deployment's stage: the `stage` dimension of every metric the function emits (decision 076). */
  STAGE?: string;
  TABLE_NAME: string;
  MEDIA_BUCKET: string;
  MEDIA_BASE_URL: string;
  WS_CALLBACK_URL: string;
  LOG_LEVEL: string;
  /** The XRP Ledger and RLUSD (see ledger-settings.ts). */
  XRPL_URL: string;
  XRPL_NETWORK: string;
  RLUSD_ISSUER: string;
  RLUSD_CURRENCY: string;
  /** The Xaman platform API; the secret stays in Secrets Manager, functions get its ARN. */
  XAMAN_API_URL: string;
  XAMAN_API_KEY: string;
  XAMAN_API_SECRET_ARN: string;
  /** The platform's XRPL account and fee (see platform-settings.ts); its seed's ARN only where it signs. */
  PLATFORM_WALLET_ADDRESS: string;
  PLATFORM_FEE_PERCENT: string;
  /** One URL per QueueDef, keyed by its `urlEnv` (QUEUE_EVENTS_URL, ...). */
  queueUrls: Record<string, string>;
}

export interface HandlerFunctionProps {
  /** Module path under functions/ that exports `handler`, e.g. 'http/listings/list-listings'. */
  handler: string;
  environment: FunctionEnvironment;
  timeout?: Duration;
  memorySize?: number;
  description?: string;
  /** Concurrency set aside for this function alone (and its ceiling). */
  reservedConcurrentExecutions?: number;
  /**
   * Native packages the handler imports (e.g. sharp). Their JavaScript is bundled like any other; the packages are also
   * copied, with the packages they depend on, from node_modules next to the bundle for the prebuilt binaries they load at
   * run time; the function then runs on x86_64, the platform of the installed binaries.
   */
  nativeModules?: readonly string[];
  /**
   * A log group shared with other functions (the API's: decision 038) instead of one of its own. Lambda names each
   * stream after the function, so every line still says which function wrote it.
   */
  logGroup?: logs.LogGroup;
}

/** A package and every package it depends on that is installed (optional platform packages only where present). */
export function installedClosure(names: readonly string[], root = REPO_ROOT): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    const manifest = path.join(root, 'node_modules', name, 'package.json');
    if (seen.has(name) || !existsSync(manifest)) return;
    seen.add(name);
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, Record<string, string> | undefined>;
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) visit(dep);
  };
  for (const name of names) {
    if (!existsSync(path.join(root, 'node_modules', name)))
      throw new Error(`${name} is not installed: run npm install`);
    visit(name);
  }
  return [...seen].sort();
}

/**
 * One Lambda function for one handler module: Node 22 on ARM, bundled to ESM by the local esbuild (no Docker), its
 * own log group with a retention (or a shared one), and its own role that may write only to that log group (no
 * managed policy).
 */
export class HandlerFunction extends Construct {
  readonly fn: lambda.Function;
  readonly logGroup: logs.LogGroup;
  /** The handler module under functions/, e.g. 'http/listings/list-listings'. */
  readonly handler: string;

  constructor(scope: Construct, id: string, props: HandlerFunctionProps) {
    super(scope, id);
    const entry = path.join(REPO_ROOT, 'functions', `${props.handler}.ts`);
    if (!existsSync(entry)) throw new Error(`Handler module functions/${props.handler}.ts does not exist`);

    this.logGroup = props.logGroup ?? functionLogGroup(this, 'Logs');
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs functions/${props.handler}`,
    });
    this.logGroup.grantWrite(role);

    const { queueUrls, ...settings } = props.environment;
    this.handler = props.handler;
    this.fn = new lambda.Function(this, 'Function', {
      code: lambda.Code.fromAsset(path.join(REPO_ROOT, 'functions'), {
        // The zip's hash is its content's: a function whose bundle did not change is not deployed again.
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          // Never pulled: the local bundling below always builds (it throws rather than fall back to Docker).
          image: DockerImage.fromRegistry('scratch'),
          local: new HandlerBundling(this, props.handler, {
            packages: props.nativeModules?.length ? installedClosure(props.nativeModules) : [],
            dataFiles: DATA_FILES[props.handler] ?? {},
          }),
        },
      }),
      handler: `${path.basename(BUNDLE_FILE, '.mjs')}.handler`,
      description: props.description ?? `functions/${props.handler}`,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: props.nativeModules?.length ? lambda.Architecture.X86_64 : lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      ...(props.reservedConcurrentExecutions !== undefined && {
        reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      }),
      role,
      logGroup: this.logGroup,
      environment: {
        ...Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== '' && value !== undefined)),
        ...queueUrls,
        NODE_OPTIONS: '--enable-source-maps',
        // Powertools Logger and Metrics: the function is the service (as functions/lib names it locally), one namespace.
        POWERTOOLS_SERVICE_NAME: props.handler,
        POWERTOOLS_METRICS_NAMESPACE: 'Marketplace',
      },
    });

    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'Node.js 22 is the runtime the project targets and tests against; the runtime moves with the project.',
    });
  }
}

/** Logs expire after a month anyway; keeping the group after the stack is gone only leaves clutter. */
export const functionLogGroup = (scope: Construct, id: string) =>
  new logs.LogGroup(scope, id, { retention: logs.RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
