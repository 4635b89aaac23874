import { existsSync } from 'node:fs';
import path from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
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

/** One origin for the browser: the site at /, the HTTP API at /api/*, the socket at /ws, photos at /media/*. */
export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  readonly siteBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    const logs = new s3.Bucket(this, 'LogsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
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

    const apiOrigin = new origins.HttpOrigin(props.api.domainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
    });
    const socketOrigin = new origins.HttpOrigin(
      `${props.realtime.api.apiId}.execute-api.${this.region}.${this.urlSuffix}`,
      { protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY },
    );
    const passThrough = {
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // Everything the viewer sent (query, cookies, Authorization, Sec-WebSocket-*) except Host, which must be the
      // execute-api host name for API Gateway to find the API.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    };

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Marketplace site, API, socket and media',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': { origin: apiOrigin, ...passThrough, allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL },
        // The socket stage is named like the path, so `/ws` reaches the stage as is.
        [`/${SOCKET_STAGE_NAME}`]: { origin: socketOrigin, ...passThrough },
        '/media/*': {
          origin: mediaOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
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
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF yet: a CloudFront web ACL must be managed in us-east-1 and is billed per request; abuse is bounded ' +
          'by API Gateway stage throttling and per-route validation. To be added with the production domain.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The distribution uses the default *.cloudfront.net certificate, for which CloudFront fixes the minimum ' +
          'viewer protocol; a custom domain with an ACM certificate and TLSv1.2_2021 comes with the production domain.',
      },
    );

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
