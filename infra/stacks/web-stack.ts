import { existsSync } from 'node:fs';
import path from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { VIEWER_ADDRESS_HEADER } from '../../functions/lib/http-handler';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/origin-verify';
import { HSTS_MAX_AGE_SECONDS, securityHeaders } from '../security-headers';
import type { ApiStack } from './api-stack';
import type { DataStack } from './data-stack';
import { acknowledgeWildcards, nagName } from './nag';
import type { RealtimeStack } from './realtime-stack';
import { SOCKET_STAGE_NAME } from './realtime-stack';

export interface WebStackProps extends StackProps {
  data: DataStack;
  api: ApiStack;
  realtime: RealtimeStack;
  /** Built site (vite build output). When absent, nothing is uploaded, so the stack synthesizes without a build. */
  siteDir?: string;
  /** The WAF web ACL (scope CLOUDFRONT, in us-east-1: the edge stack). */
  webAclArn: string;
  /**
   * The site's own domain and its ACM certificate (in us-east-1), context siteDomain and siteCertificateArn: viewers
   * then need TLS 1.2 or later. The default *.cloudfront.net certificate's protocol floor is CloudFront's to set.
   */
  siteDomain?: { domainName: string; certificateArn: string };
}

/** The least TLS a viewer may use with the site's own domain (TLS 1.2 with the 2021 ciphers). */
export const VIEWER_TLS = cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021;

/**
 * The headers of infra/security-headers.ts as a CloudFront response headers policy (overriding whatever an origin
 * sends). A header the definition gains without a mapping here fails synthesis instead of going missing in AWS.
 */
function securityHeadersBehavior(headers: Record<string, string>): cloudfront.ResponseSecurityHeadersBehavior {
  const mapped = new Set([
    'content-security-policy',
    'x-frame-options',
    'x-content-type-options',
    'referrer-policy',
    'strict-transport-security',
  ]);
  const unmapped = Object.keys(headers).filter((name) => !mapped.has(name));
  if (unmapped.length) throw new Error(`No CloudFront mapping for security header(s) ${unmapped.join(', ')}`);
  if (headers['x-frame-options'] !== 'DENY' || headers['x-content-type-options'] !== 'nosniff') {
    throw new Error('web-stack maps X-Frame-Options DENY and nosniff only');
  }
  if (headers['strict-transport-security'] !== `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`) {
    throw new Error('web-stack maps HSTS with includeSubDomains only');
  }
  return {
    contentSecurityPolicy: { contentSecurityPolicy: headers['content-security-policy']!, override: true },
    frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
    contentTypeOptions: { override: true },
    referrerPolicy: {
      referrerPolicy: headers['referrer-policy'] as cloudfront.HeadersReferrerPolicy,
      override: true,
    },
    strictTransportSecurity: {
      accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
      includeSubdomains: true,
      override: true,
    },
  };
}

/**
 * Client-side routes (/marketplace, /listing/123) have no object in the bucket: rewrite every path whose last
 * segment has no file extension to /index.html. This runs on the default behavior only, so API 404s stay 404s.
 */
const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/** Media URLs are /media/<key>; objects are stored under <key>, as in the local runtime. */
const STRIP_MEDIA_PREFIX = `function handler(event) {
  var request = event.request;
  request.uri = request.uri.replace(/^\\/media\\//, '/');
  return request;
}`;

/**
 * Every API request carries the viewer's address in a header CloudFront sets here, replacing any the viewer sent: API
 * Gateway sees CloudFront's edge as the source, which every viewer of that edge shares (decision 074).
 */
const VIEWER_ADDRESS = `function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;

/** One origin for the browser: the site at /, the HTTP API at /api/*, the socket at /ws, photos at /media/*. */
export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  readonly siteBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    const logs = new s3.Bucket(this, 'LogsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: s3.BucketEncryption.S3_MANAGED,
      // CloudFront standard logs are delivered with an ACL grant, which needs ACLs enabled on the target bucket.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(logs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the log bucket for the site bucket and CloudFront; logging it into itself would loop.',
    });

    this.siteBucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'site/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Serve index.html for client-side routes',
    });
    const viewerAddress = new cloudfront.Function(this, 'ViewerAddress', {
      code: cloudfront.FunctionCode.fromInline(VIEWER_ADDRESS),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: "Pass the viewer's address to the API",
    });
    const stripMedia = new cloudfront.Function(this, 'StripMediaPrefix', {
      code: cloudfront.FunctionCode.fromInline(STRIP_MEDIA_PREFIX),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Map /media/<key> to the media bucket object <key>',
    });

    // The media bucket belongs to the data stack, which already grants CloudFront (this account) read access; an
    // imported reference keeps this stack from editing that bucket's policy, which would be a cycle.
    const mediaBucket = s3.Bucket.fromBucketAttributes(this, 'MediaBucket', {
      bucketArn: props.data.mediaBucket.bucketArn,
      bucketRegionalDomainName: props.data.mediaBucket.bucketRegionalDomainName,
    });
    const mediaOrigin = origins.S3BucketOrigin.withOriginAccessControl(mediaBucket);

    // Browsers upload photos straight to the media bucket's regional endpoint (presigned POSTs).
    const mediaEndpoint = `https://${props.data.mediaBucket.bucketName}.s3.${props.data.region}.${this.urlSuffix}`;
    const responseHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'CSP, HSTS, frame, sniffing and referrer headers (infra/security-headers.ts)',
      securityHeadersBehavior: securityHeadersBehavior(
        securityHeaders({ https: true, uploadOrigins: [mediaEndpoint] }),
      ),
    });

    // The APIs refuse requests without this header (functions/lib/origin-verify.ts), so calls that skip CloudFront
    // (and its web ACL) fail. A dynamic reference: the value never appears in the template. CloudFront replaces a
    // header of the same name a viewer sends.
    const originVerify = { [ORIGIN_VERIFY_HEADER]: props.data.originVerifySecret.secretValue.unsafeUnwrap() };
    // CloudFront reaches the APIs over TLS 1.2 only.
    const toApi = {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      customHeaders: originVerify,
    };
    const apiOrigin = new origins.HttpOrigin(props.api.domainName, toApi);
    const socketOrigin = new origins.HttpOrigin(
      `${props.realtime.api.apiId}.execute-api.${this.region}.${this.urlSuffix}`,
      toApi,
    );
    const passThrough = {
      responseHeadersPolicy: responseHeaders,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // Everything the viewer sent (query, cookies, Authorization, Sec-WebSocket-*) except Host, which must be the
      // execute-api host name for API Gateway to find the API.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    };

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Marketplace site, API, socket and media',
      webAclId: props.webAclArn,
      ...(props.siteDomain && {
        domainNames: [props.siteDomain.domainName],
        certificate: acm.Certificate.fromCertificateArn(this, 'SiteCertificate', props.siteDomain.certificateArn),
        minimumProtocolVersion: VIEWER_TLS,
      }),
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: responseHeaders,
        compress: true,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          ...passThrough,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          functionAssociations: [{ function: viewerAddress, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        },
        // The socket stage is named like the path, so `/ws` reaches the stage as is.
        [`/${SOCKET_STAGE_NAME}`]: { origin: socketOrigin, ...passThrough },
        '/media/*': {
          origin: mediaOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: responseHeaders,
          compress: true,
          functionAssociations: [{ function: stripMedia, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });

    Validations.of(this.distribution).acknowledge(
      {
        id: '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
        reason: 'The data stack’s media bucket policy already admits CloudFront OAC reads from this account.',
      },
      {
        id: 'AwsSolutions-CFR1',
        reason: 'The marketplace is open to buyers and sellers in every country; there is no region to restrict.',
      },
    );
    if (!props.siteDomain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a site domain (context siteDomain, siteCertificateArn) the distribution uses the default ' +
          '*.cloudfront.net certificate, for which CloudFront fixes the minimum viewer protocol; with one, TLSv1.2_2021.',
      });
    }

    if (props.siteDir && existsSync(path.join(props.siteDir, 'index.html'))) {
      new s3deploy.BucketDeployment(this, 'DeploySite', {
        sources: [s3deploy.Source.asset(props.siteDir)],
        destinationBucket: this.siteBucket,
        distribution: this.distribution,
        distributionPaths: ['/*'],
      });
      this.acknowledgeDeploymentHandler();
    }

    new CfnOutput(this, 'SiteUrl', { value: `https://${this.distribution.distributionDomainName}` });
  }

  /** BucketDeployment runs a CDK-provided function (a stack-level singleton) at deploy time only. */
  private acknowledgeDeploymentHandler(): void {
    const handler = this.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!handler) throw new Error('BucketDeployment handler not found');
    const cdkOwned = 'CDK’s BucketDeployment handler, which runs only during deployment and is maintained by CDK';
    Validations.of(handler).acknowledge(
      { id: 'AwsSolutions-L1', reason: `${cdkOwned}; its runtime is chosen by the CDK version.` },
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: `${cdkOwned}; it only needs to write its logs.`,
      },
    );
    acknowledgeWildcards(handler, {
      'Action::s3:GetObject*': `${cdkOwned}: reads the site asset it copies.`,
      'Action::s3:GetBucket*': `${cdkOwned}: reads the site asset it copies.`,
      'Action::s3:List*': `${cdkOwned}: lists the site bucket to prune old files.`,
      'Action::s3:DeleteObject*': `${cdkOwned}: prunes files of the previous build.`,
      'Action::s3:Abort*': `${cdkOwned}: aborts its own failed multipart uploads.`,
      [`Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${this.region}/*`]: `${cdkOwned}: reads the zipped site from the CDK asset bucket.`,
      [`Resource::${nagName(handler, this.siteBucket, this.siteBucket.bucketArn, 'Arn')}/*`]: `${cdkOwned}: writes every file of the build.`,
      'Resource::*': `${cdkOwned}: CloudFront invalidation actions do not support resource-level permissions.`,
    });
  }
}
