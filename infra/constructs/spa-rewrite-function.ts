import { Function as CloudFrontFunction, FunctionCode, FunctionRuntime } from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import { ASSET_EXTENSIONS } from '../spa-assets';

/**
 * Client-side routes (/campaigns/42, /talents/ana@creator.com) have no object in the bucket.
 * They are answered with index.html by rewriting the request on the default (S3) behaviour only,
 * because the alternative, distribution-wide 403/404 error responses, would also turn every API
 * 403 or 404 into a 200 index.html page. A path under /assets/ or ending in an extension the build
 * emits is a real file and passes through, so a missing asset still fails loudly.
 */
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1).toLowerCase();
  var dot = lastSegment.lastIndexOf('.');
  var extensions = ${JSON.stringify(ASSET_EXTENSIONS)};
  var asset = uri.indexOf('/assets/') === 0 || (dot > 0 && extensions.indexOf(lastSegment.substring(dot + 1)) !== -1);
  if (!asset) {
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
