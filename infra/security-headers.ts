/**
 * The browser-facing security headers, in one place: CloudFront's ResponseHeadersPolicy (web
 * stack) and the local runtime's static server both use them, so the e2e tests run the SPA under
 * the same CSP that production serves.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https://*.googleusercontent.com",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export const HSTS_MAX_AGE_SECONDS = 63_072_000; // two years, the preload list's minimum is one

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** As plain header pairs, for servers that are not CloudFront. */
export const securityHeaders = (options: { https: boolean }): Record<string, string> => ({
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': REFERRER_POLICY,
  ...(options.https ? { 'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload` } : {}),
});
