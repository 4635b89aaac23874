import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

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

/** Matches the API's JSON error shape (functions/lib/http/error-response.ts). */
const TOO_MANY_REQUESTS_BODY = JSON.stringify({
  error: { code: 'too_many_requests', message: 'Too many requests, try again shortly' },
});

export interface EdgeStackProps extends StackProps {
  /** Prefix of the web ACL's metric names. */
  metricPrefix: string;
}

/** The CloudFront web ACL: per-IP rate-based rules and AWS's common rule set (docs/decisions, edge protection). */
export class EdgeStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

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

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'Marketplace distribution: per-IP rate limits and the AWS common rule set',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('WebAcl'),
      customResponseBodies: {
        TooManyRequests: { contentType: 'APPLICATION_JSON', content: TOO_MANY_REQUESTS_BODY },
      },
      rules: [
        perIp('SignInPerIp', 0, RATE_LIMITS.signIn, startsWith('/api/auth/')),
        perIp('ApiPerIp', 1, RATE_LIMITS.api, startsWith('/api/')),
        perIp('SitePerIp', 2, RATE_LIMITS.site),
        {
          name: 'AwsCommonRules',
          priority: 3,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              // Listing bodies (descriptions, up to eight photo keys) may pass the rule's 8 KB; the API bounds
              // body size itself (413 past 1 MB), so this rule only counts.
              ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
            },
          },
          visibilityConfig: visibility('AwsCommonRules'),
        },
      ],
    });
  }
}
