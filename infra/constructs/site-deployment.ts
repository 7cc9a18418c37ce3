import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';

export type SiteDeploymentProps = {
  /** The Vite build output (web/dist). */
  assetsPath: string;
  bucket: IBucket;
  distribution: IDistribution;
};

const ENTRY_DOCUMENT = 'index.html';

/**
 * Uploads the built SPA in two passes so browsers never pair a new index.html with missing
 * assets and never keep an old index.html: the content-hashed files first, cached for a year,
 * then index.html, revalidated on every load, followed by a CloudFront invalidation.
 */
export class SiteDeployment extends Construct {
  constructor(scope: Construct, id: string, props: SiteDeploymentProps) {
    super(scope, id);

    // Its own role and log group, so the deployment handler gets no AWS managed policy and its
    // logs expire like every other function's.
    const role = new Role(this, 'HandlerRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Threadline: uploads the built web app to the site bucket',
    });
    const logGroup = new LogGroup(this, 'HandlerLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    logGroup.grantWrite(role);

    const source = Source.asset(props.assetsPath);
    const assets = new BucketDeployment(this, 'Assets', {
      sources: [source],
      destinationBucket: props.bucket,
      exclude: [ENTRY_DOCUMENT],
      // `aws s3 sync --delete` leaves excluded keys alone, so index.html survives this prune.
      prune: true,
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
      role,
      logGroup,
      memoryLimit: 512,
    });
    const entry = new BucketDeployment(this, 'EntryDocument', {
      sources: [source],
      destinationBucket: props.bucket,
      exclude: ['*'],
      include: [ENTRY_DOCUMENT],
      prune: false,
      cacheControl: [CacheControl.noCache()],
      distribution: props.distribution,
      distributionPaths: ['/*'],
      role,
      logGroup,
      memoryLimit: 512,
    });
    entry.node.addDependency(assets);
  }
}
