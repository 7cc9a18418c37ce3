import { Function as CloudFrontFunction, FunctionCode, FunctionRuntime } from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';

/**
 * Client-side routes (/campaigns/42, /auth/success) have no object in the bucket. They are
 * answered with index.html by rewriting the request on the default (S3) behaviour only, because
 * the alternative, distribution-wide 403/404 error responses, would also turn every API 403 or
 * 404 into a 200 index.html page. A path whose last segment has an extension is a real asset and
 * passes through, so a missing asset still fails loudly.
 */
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

export const createSpaRewriteFunction = (scope: Construct, id: string): CloudFrontFunction =>
  new CloudFrontFunction(scope, id, {
    comment: 'Threadline: serve index.html for client-side routes',
    runtime: FunctionRuntime.JS_2_0,
    code: FunctionCode.fromInline(SPA_REWRITE_CODE),
  });
