import { Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  FunctionEventType,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { createSecurityHeadersPolicy } from '../constructs/security-headers-policy';
import { SiteDeployment } from '../constructs/site-deployment';
import { createSpaRewriteFunction } from '../constructs/spa-rewrite-function';

export type WebStackProps = StackProps & {
  /** The HTTP API's execute-api domain, the origin of the API behaviours. */
  apiDomain: string;
  /** CloudFront path patterns served by the API (api-paths.ts). */
  apiPathPatterns: readonly string[];
  /** The built SPA (web/dist); when absent the site is created empty and nothing is uploaded. */
  siteAssetsPath?: string;
};

/**
 * The single origin browsers talk to: the SPA from a private bucket, and the API paths through
 * to the HTTP API, so cookies are first-party and no CORS is needed.
 */
export class WebStack extends Stack {
  readonly distribution: Distribution;
  /** https://<distribution>.cloudfront.net */
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    const accessLogs = new Bucket(this, 'AccessLogs', {
      // CloudFront standard logging writes with ACLs, so this bucket (alone) keeps them enabled.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const siteBucket = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'site-bucket/',
      // The bucket only holds build output, redeployable from git at any time.
      removalPolicy: RemovalPolicy.DESTROY,
    });

    const securityHeaders = createSecurityHeadersPolicy(this, 'SecurityHeaders');
    const apiBehavior: BehaviorOptions = {
      origin: new HttpOrigin(props.apiDomain, {
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      }),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      // Cookies, query strings, bodies and every header but Host (API Gateway routes on its own
      // Host) reach the handlers unchanged.
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: securityHeaders,
    };

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Threadline web app and API',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: accessLogs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: createSpaRewriteFunction(this, 'SpaRewrite'), eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: Object.fromEntries(props.apiPathPatterns.map((pattern) => [pattern, apiBehavior])),
    });
    this.siteUrl = `https://${this.distribution.distributionDomainName}`;

    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'Agencies and their staff work from any country; there is no geography to restrict to.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF yet: the API authenticates every non-public route in its handler and API Gateway throttles the stage. ' +
          'A web ACL (rate-based rule, AWS managed common rule set) is a production hardening item, priced per request.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The distribution uses the default *.cloudfront.net certificate, for which CloudFront fixes the viewer security policy; ' +
          'TLSv1.2_2021 becomes configurable once a custom domain and ACM certificate are attached.',
      },
    );

    if (props.siteAssetsPath) {
      new SiteDeployment(this, 'SiteDeployment', {
        assetsPath: props.siteAssetsPath,
        bucket: siteBucket,
        distribution: this.distribution,
      });
    }
  }
}
