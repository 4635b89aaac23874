import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { carrierWebhook } from '../../shared/api/shipping';

/** A web ACL for CloudFront can only be created in us-east-1, whatever region the rest of the app is in. */
export const EDGE_REGION = 'us-east-1';

/**
 * Per-IP request budgets over WAF's 5-minute window (requests from one address, counted at the edge before any cache
 * or origin). A page view is a few dozen requests (assets, API reads, photos); sign-in is a handful per attempt.
 */
export const RATE_LIMITS = {
  /** Everything one address asks of the site. */
  site: 3000,
  /** /api/* (the functions and the table behind them). */
  api: 1000,
  /** /api/auth/* (sign-in starts Xaman requests, which cost us calls to Xaman). */
  signIn: 100,
} as const;
export const RATE_WINDOW_SECONDS = 300;

/**
 * Where FedEx posts tracking webhooks from: the production source of its Advanced Integrated Visibility webhooks, as
 * FedEx publishes it for receivers' allow-lists. A webhook from elsewhere is not refused for that (decision 019; see
 * EdgeStack), only limited per address like any other caller.
 */
export const FEDEX_WEBHOOK_SOURCES = ['20.65.16.22/31'] as const;

/** Matches the API's JSON error shape (functions/lib/http/error-response.ts). */
const TOO_MANY_REQUESTS_BODY = JSON.stringify({
  error: { code: 'too_many_requests', message: 'Too many requests, try again shortly' },
});

export interface EdgeStackProps extends StackProps {
  /** Prefix of the web ACL's metric names. */
  metricPrefix: string;
}

/**
 * The CloudFront web ACL: per-IP rate-based rules and AWS's common rule set (decision 019). FedEx's signed webhook
 * (`POST /api/carrier/webhook`) is the one request from a machine we don't control: it may come without a User-Agent
 * (the common rule set's NoUserAgent_HEADER blocks that) and in bursts from FedEx's two addresses (every parcel of the
 * account, several snapshots each). So from FedEx's addresses it is allowed before any other rule, and from anywhere
 * the common rule set skips it; the handler's HMAC check is the gate, and the route's own throttle still applies.
 */
export class EdgeStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;
  /** The web ACL's metric name (the WebACL dimension of AWS/WAFV2) and its rules' (their Rule dimension), by rule. */
  readonly metricNames: { webAcl: string; rules: Record<string, string> };

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    if (this.region !== EDGE_REGION) {
      throw new Error(`The edge stack holds a CloudFront web ACL, which AWS only accepts in ${EDGE_REGION}`);
    }
    const visibility = (name: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName: `${props.metricPrefix}-${name}`,
      sampledRequestsEnabled: true,
    });
    const startsWith = (prefix: string): wafv2.CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: prefix,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });
    const perIp = (
      name: string,
      priority: number,
      limit: number,
      scope?: wafv2.CfnWebACL.StatementProperty,
    ): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      statement: {
        rateBasedStatement: {
          aggregateKeyType: 'IP',
          limit,
          evaluationWindowSec: RATE_WINDOW_SECONDS,
          ...(scope && { scopeDownStatement: scope }),
        },
      },
      action: {
        block: { customResponse: { responseCode: 429, customResponseBodyKey: 'TooManyRequests' } },
      },
      visibilityConfig: visibility(name),
    });

    const exactly = (
      field: wafv2.CfnWebACL.FieldToMatchProperty,
      value: string,
    ): wafv2.CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: field,
        positionalConstraint: 'EXACTLY',
        searchString: value,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });
    const webhook: wafv2.CfnWebACL.StatementProperty = {
      andStatement: {
        statements: [exactly({ method: {} }, carrierWebhook.method), exactly({ uriPath: {} }, carrierWebhook.path)],
      },
    };
    const fedex = new wafv2.CfnIPSet(this, 'FedexWebhookSources', {
      scope: 'CLOUDFRONT',
      ipAddressVersion: 'IPV4',
      addresses: [...FEDEX_WEBHOOK_SOURCES],
      description: "FedEx's published source of tracking webhooks",
    });

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'Marketplace distribution: per-IP rate limits and the AWS common rule set',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('WebAcl'),
      customResponseBodies: {
        TooManyRequests: { contentType: 'APPLICATION_JSON', content: TOO_MANY_REQUESTS_BODY },
      },
      rules: [
        {
          name: 'CarrierWebhookFromFedex',
          priority: 0,
          action: { allow: {} },
          statement: {
            andStatement: { statements: [webhook, { ipSetReferenceStatement: { arn: fedex.attrArn } }] },
          },
          visibilityConfig: visibility('CarrierWebhookFromFedex'),
        },
        perIp('SignInPerIp', 1, RATE_LIMITS.signIn, startsWith('/api/auth/')),
        perIp('ApiPerIp', 2, RATE_LIMITS.api, startsWith('/api/')),
        perIp('SitePerIp', 3, RATE_LIMITS.site),
        {
          name: 'AwsCommonRules',
          priority: 4,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              // Not the carrier webhook, from any address: a FedEx source missing from FEDEX_WEBHOOK_SOURCES must not
              // be blocked for sending no User-Agent; its signature decides.
              scopeDownStatement: { notStatement: { statement: webhook } },
              // Listing bodies (descriptions, up to eight photo keys) may pass the rule's 8 KB; the API bounds
              // body size itself (413 past 1 MB), so this rule only counts.
              ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
            },
          },
          visibilityConfig: visibility('AwsCommonRules'),
        },
      ],
    });
    const rules = this.webAcl.rules as wafv2.CfnWebACL.RuleProperty[];
    this.metricNames = {
      webAcl: visibility('WebAcl').metricName,
      rules: Object.fromEntries(
        rules.map((r) => [r.name, (r.visibilityConfig as wafv2.CfnWebACL.VisibilityConfigProperty).metricName]),
      ),
    };
  }
}
