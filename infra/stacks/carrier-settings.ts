import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { CARRIER_DEFAULT_API_URL } from '../../functions/lib/config';
import { routeList, routes } from '../../functions/routes';
import { emptySecret } from './empty-secret';
import { grantSecretRead } from './grants';
import type { HandlerFunction } from './node-function';

/**
 * The carrier's plain settings, from context: carrierApiUrl (default FedEx production), carrierAccountNumber,
 * carrierApiKey and carrierTrackApiKey (FedEx's separate Track project). Empty when not given: the carrier then reports
 * itself unconfigured in /api/health until it is.
 */
export interface CarrierSettings {
  CARRIER_API_URL: string;
  CARRIER_ACCOUNT_NUMBER: string;
  CARRIER_API_KEY: string;
  CARRIER_TRACK_API_KEY: string;
}

/** Reads and checks the carrier context, failing synthesis with the key's name when a value cannot work. */
export function carrierSettings(ctx: (key: string) => string | undefined): CarrierSettings {
  const url = ctx('carrierApiUrl') ?? CARRIER_DEFAULT_API_URL;
  if (!/^https:\/\/\S+$/.test(url)) throw new Error(`Invalid context carrierApiUrl '${url}': use an https:// URL`);
  const account = ctx('carrierAccountNumber') ?? '';
  if (account !== '' && !/^\d{9}$/.test(account)) {
    throw new Error('Invalid context carrierAccountNumber: use the 9-digit FedEx account number');
  }
  return {
    CARRIER_API_URL: url,
    CARRIER_ACCOUNT_NUMBER: account,
    CARRIER_API_KEY: ctx('carrierApiKey') ?? '',
    CARRIER_TRACK_API_KEY: ctx('carrierTrackApiKey') ?? '',
  };
}

/** Routes whose functions talk to the carrier (`usesCarrier` in functions/routes.ts). */
export const CARRIER_ROUTES: ReadonlySet<string> = new Set(routeList.filter((r) => r.usesCarrier).map((r) => r.name));

/** What the carrier needs in AWS: its settings and the secrets FedEx issues, created empty in the data stack. */
export class CarrierSecrets {
  readonly settings: CarrierSettings;
  /** The project's secret key (OAuth client_secret). */
  readonly apiSecret: secretsmanager.Secret;
  /** The Track project's secret key, only when a Track key is given. */
  readonly trackApiSecret: secretsmanager.Secret | undefined;
  /** The security token FedEx signs webhooks with (fdx-signature); the webhook route reads it. */
  readonly webhookSecret: secretsmanager.Secret;

  constructor(scope: Construct, settings: CarrierSettings) {
    this.settings = settings;
    // Until an operator puts them, reads fail and the health check reports the carrier as failing.
    const notRotated =
      'A third-party credential: FedEx issues it in its Developer Portal and nothing in AWS can rotate it there; ' +
      'an operator replaces it by hand when it changes at FedEx.';
    this.apiSecret = emptySecret(
      scope,
      'CarrierApiSecret',
      'FedEx API secret key of the marketplace project',
      notRotated,
    );
    this.trackApiSecret = settings.CARRIER_TRACK_API_KEY
      ? emptySecret(scope, 'CarrierTrackApiSecret', 'FedEx Track API secret key (its own FedEx project)', notRotated)
      : undefined;
    this.webhookSecret = emptySecret(
      scope,
      'CarrierWebhookSecret',
      'Security token of the FedEx tracking webhook (26-100 characters, entered in the FedEx project too)',
      notRotated,
    );
  }
}

/** The carrier's settings (empty ones left out) and its secrets' ARNs, never a value; the webhook token's only on request. */
function carrierEnvironment(carrier: CarrierSecrets, withWebhook: boolean): Record<string, string> {
  const env = Object.fromEntries(Object.entries(carrier.settings).filter(([, value]) => value !== ''));
  env.CARRIER_API_SECRET_ARN = carrier.apiSecret.secretArn;
  if (carrier.trackApiSecret) env.CARRIER_TRACK_API_SECRET_ARN = carrier.trackApiSecret.secretArn;
  if (withWebhook) env.CARRIER_WEBHOOK_SECRET_ARN = carrier.webhookSecret.secretArn;
  return env;
}

/**
 * Lets a function use the carrier: its settings (empty ones left out) and read access to the API secret(s), by ARN.
 * The webhook token is not included: only the webhook routes read it.
 */
export function grantCarrier(fn: HandlerFunction, carrier: CarrierSecrets): void {
  for (const [name, value] of Object.entries(carrierEnvironment(carrier, false))) fn.fn.addEnvironment(name, value);
  grantSecretRead(fn, carrier.apiSecret);
  if (carrier.trackApiSecret) grantSecretRead(fn, carrier.trackApiSecret);
}

/**
 * The API keys tab's read (decision 064) counts a key the deployment supplies as Configured: it is told which the
 * carrier has (settings and ARNs), with no access to any secret's value.
 */
export function describeCarrier(fn: HandlerFunction, carrier: CarrierSecrets): void {
  for (const [name, value] of Object.entries(carrierEnvironment(carrier, true))) fn.fn.addEnvironment(name, value);
}

/**
 * The routes that check or make FedEx's webhook signature: the webhook FedEx posts to
 * (functions/http/shipping/carrier-webhook.ts) and the admin's simulated webhook (decision 066).
 */
export const CARRIER_WEBHOOK_ROUTES: ReadonlySet<string> = new Set([
  routes.carrierWebhook.name,
  routes.runCarrierTool.name,
]);

/** Lets a webhook route check FedEx's signature: the token's ARN (CARRIER_WEBHOOK_SECRET_ARN) and read access to it. */
export function grantCarrierWebhook(fn: HandlerFunction, carrier: CarrierSecrets): void {
  fn.fn.addEnvironment('CARRIER_WEBHOOK_SECRET_ARN', carrier.webhookSecret.secretArn);
  grantSecretRead(fn, carrier.webhookSecret);
}
