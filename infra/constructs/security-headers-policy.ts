import { Duration } from 'aws-cdk-lib';
import { HeadersFrameOption, HeadersReferrerPolicy, ResponseHeadersPolicy } from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import { CONTENT_SECURITY_POLICY, HSTS_MAX_AGE_SECONDS, REFERRER_POLICY } from '../security-headers';

/**
 * The headers come from infra/security-headers.ts, which the local runtime serves too, so the
 * e2e tests run the SPA under production's CSP. That CSP has no 'unsafe-inline' anywhere: the web
 * app avoids the Radix variants that inject <style> elements (see web/src/components/ui).
 */
const referrerPolicy = (): HeadersReferrerPolicy => {
  const policy = Object.values(HeadersReferrerPolicy).find((candidate) => candidate === REFERRER_POLICY);
  if (!policy) throw new Error(`CloudFront has no referrer policy "${REFERRER_POLICY}"`);
  return policy;
};

/** Security headers on every response the distribution serves, the SPA's and the API's alike. */
export const createSecurityHeadersPolicy = (scope: Construct, id: string): ResponseHeadersPolicy =>
  new ResponseHeadersPolicy(scope, id, {
    comment: 'Threadline security headers (CSP, HSTS, frame and sniffing protection)',
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: CONTENT_SECURITY_POLICY, override: true },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
        includeSubdomains: true,
        preload: true,
        override: true,
      },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      contentTypeOptions: { override: true },
      referrerPolicy: { referrerPolicy: referrerPolicy(), override: true },
    },
  });
