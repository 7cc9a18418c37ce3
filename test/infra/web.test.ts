import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { CONTENT_SECURITY_POLICY } from '../../infra/security-headers';
import { SPA_REWRITE_CODE } from '../../infra/constructs/spa-rewrite-function';
import { fakeSiteBuild, synthesizeThreadline, type Synthesized } from './synthesize';

type Behavior = {
  PathPattern?: string;
  TargetOriginId: string;
  CachePolicyId: string;
  OriginRequestPolicyId?: string;
  AllowedMethods?: string[];
  ResponseHeadersPolicyId?: unknown;
  FunctionAssociations?: { EventType: string }[];
};
type DistributionConfig = {
  DefaultCacheBehavior: Behavior;
  CacheBehaviors: Behavior[];
  Origins: { Id: string; DomainName: unknown; S3OriginConfig?: unknown; OriginAccessControlId?: unknown; CustomOriginConfig?: Record<string, unknown> }[];
  CustomErrorResponses?: unknown[];
  Logging?: unknown;
};

/** CloudFront path patterns: `*` matches any run of characters, everything else is literal. */
const patternMatches = (pattern: string, path: string): boolean =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(path);

/** Runs the CloudFront Function's source the way the JS 2.0 runtime would: a `handler(event)`. */
const rewrite = (uri: string): string => {
  const handler = new Function(`${SPA_REWRITE_CODE}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };
  return handler({ request: { uri } }).uri;
};

describe('web: one origin for the SPA and the API', () => {
  let synth: Synthesized;
  let web: Template;
  let config: DistributionConfig;
  let apiOriginId: string;

  beforeAll(() => {
    synth = synthesizeThreadline({ siteAssetsPath: fakeSiteBuild() });
    web = synth.template(synth.stacks.web);
    const [distribution] = Object.values(web.findResources('AWS::CloudFront::Distribution')) as { Properties: { DistributionConfig: DistributionConfig } }[];
    config = distribution!.Properties.DistributionConfig;
    apiOriginId = config.Origins.find((origin) => origin.CustomOriginConfig)!.Id;
  });

  it('serves the SPA from a private bucket through Origin Access Control', () => {
    const s3Origin = config.Origins.find((origin) => origin.Id === config.DefaultCacheBehavior.TargetOriginId)!;
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    web.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    });
    web.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: Match.objectLike({ ServerSideEncryptionConfiguration: [Match.objectLike({ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } })] }),
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'site-bucket/' }),
    });
    for (const policy of Object.values(web.findResources('AWS::S3::BucketPolicy')) as { Properties: { PolicyDocument: { Statement: unknown[] } } }[]) {
      expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
    expect(config.Logging).toBeDefined();
  });

  it('sends /api/* and the manifest /auth/ paths to the HTTP API, uncached, with cookies, query and body', () => {
    const apiBehaviors = config.CacheBehaviors.filter((behavior) => behavior.TargetOriginId === apiOriginId);
    expect(apiBehaviors.map((behavior) => behavior.PathPattern)).toEqual(expect.arrayContaining(['/api/*', '/auth/login', '/auth/callback']));
    for (const behavior of apiBehaviors) {
      expect(behavior.CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
      expect(behavior.OriginRequestPolicyId).toBe(OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId);
      expect([...behavior.AllowedMethods!].sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
    }
    const apiOrigin = config.Origins.find((origin) => origin.Id === apiOriginId)!;
    expect(apiOrigin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    expect(JSON.stringify(apiOrigin.DomainName)).toContain('Threadline-Api');
  });

  it('routes every manifest path to the API and the SPA pages /auth/success and /auth/error to the bucket', () => {
    const apiPatterns = config.CacheBehaviors.filter((behavior) => behavior.TargetOriginId === apiOriginId).map((behavior) => behavior.PathPattern!);
    for (const route of routes) {
      const samplePath = route.path.replace(/\{[^}]+\}/g, 'sample');
      expect(apiPatterns.some((pattern) => patternMatches(pattern, samplePath)), route.path).toBe(true);
    }
    for (const spaPage of ['/auth/success', '/auth/error', '/campaigns/42', '/']) {
      expect(apiPatterns.some((pattern) => patternMatches(pattern, spaPage)), spaPage).toBe(false);
    }
  });

  it('answers client-side routes with index.html by a viewer-request function, not by error responses', () => {
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    expect(config.CustomErrorResponses).toBeUndefined();
    web.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: SPA_REWRITE_CODE, FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }) });
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/auth/success')).toBe('/index.html');
    expect(rewrite('/campaigns/42')).toBe('/index.html');
    expect(rewrite('/assets/index-4f2a9c.js')).toBe('/assets/index-4f2a9c.js');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
    // a client-side route may hold a dot: an e-mail address is not a file
    expect(rewrite('/talents/ana.lima@creator.co.uk')).toBe('/index.html');
    expect(rewrite('/assets/missing-chunk.js')).toBe('/assets/missing-chunk.js');
  });

  it('adds strict security headers to every response, SPA and API alike', () => {
    const [policyId] = Object.keys(web.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });

    web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: {
          ContentSecurityPolicy: { ContentSecurityPolicy: CONTENT_SECURITY_POLICY, Override: true },
          StrictTransportSecurity: { AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true, Preload: true, Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ContentTypeOptions: { Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
        },
      }),
    });
    const directives = new Map(CONTENT_SECURITY_POLICY.split('; ').map((directive) => [directive.split(' ')[0], directive]));
    expect(directives.get('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directives.get('default-src')).toBe("default-src 'self'");
    expect(directives.get('script-src')).toBe("script-src 'self'");
    expect(directives.get('style-src')).toBe("style-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe');
    expect(directives.get('connect-src')).toBe("connect-src 'self'");
    expect(directives.get('img-src')).toBe("img-src 'self' data: https://*.googleusercontent.com");
    expect(directives.get('base-uri')).toBe("base-uri 'self'");
    expect(directives.get('form-action')).toBe("form-action 'self'");
  });

  it('deploys a built SPA: hashed assets cached for a year, index.html revalidated, then an invalidation', () => {
    const deployments = Object.values(web.findResources('Custom::CDKBucketDeployment')) as { Properties: Record<string, unknown> }[];
    expect(deployments).toHaveLength(2);
    const entry = deployments.find((deployment) => deployment.Properties.DistributionId !== undefined)!;
    const assets = deployments.find((deployment) => deployment !== entry)!;
    expect(entry.Properties).toMatchObject({ Include: ['index.html'], Prune: false, DistributionPaths: ['/*'] });
    expect(entry.Properties.SystemMetadata).toMatchObject({ 'cache-control': 'no-cache' });
    expect(assets.Properties).toMatchObject({ Exclude: ['index.html'] });
    expect(String((assets.Properties.SystemMetadata as Record<string, string>)['cache-control'])).toContain('immutable');
  });

  it('gives the route functions the distribution URL as APP_URL', () => {
    const [authStack] = synth.stacks.routeStacks.filter((stack) => stack.stackName.endsWith('ApiAuth'));
    const functions = Object.values(synth.template(authStack!).findResources('AWS::Lambda::Function')) as { Properties: { Environment: { Variables: Record<string, unknown> } } }[];
    for (const fn of functions) {
      const appUrl = JSON.stringify(fn.Properties.Environment.Variables.APP_URL);
      expect(appUrl).toContain('https://');
      expect(appUrl).toMatch(/Threadline-Web.*DomainName/);
    }
  });
});
