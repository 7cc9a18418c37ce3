import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { Charset, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';

/**
 * The one definition of how a Lambda handler is bundled. CDK (through NodejsFunction) and the
 * bundle benchmark (through esbuild's API) both derive from `esbuildOptions`, so what the bench
 * measures is what ships.
 */

/** esbuild target of the Lambda runtime chosen in app-function.ts (Node.js 24). */
export const LAMBDA_NODE_TARGET = 'node24';

/**
 * ESM output so top-level await can warm clients during init and ESM-only dependencies tree-shake.
 * CommonJS dependencies (google-auth-library, gaxios...) still call `require('node:...')`, which
 * esbuild can only forward to a real `require`: ESM has none, so the banner creates one. The alias
 * avoids clashing with any bundled top-level `createRequire` binding.
 */
export const ESM_REQUIRE_BANNER =
  "import{createRequire as __threadlineCreateRequire}from'node:module';const require=__threadlineCreateRequire(import.meta.url);";

/**
 * No source maps ship: a map is several times its bundle's size in the zip Lambda fetches on a
 * cold start, and `--enable-source-maps` makes every logged stack trace parse it. Our errors carry
 * literal names and codes (see keepNames below), which is what the logs are read by; a map can be
 * rebuilt from the deployed commit with these same options when a minified trace needs one.
 * bench/bundles.ts and test/infra/bundling.test.ts fail if a map or a sourceMappingURL ships.
 * RUNTIME_NODE_OPTIONS is what every function (and the bundle bench's import) runs with.
 */
export const RUNTIME_NODE_OPTIONS: string = '';

export const BUNDLE_FILE_NAME = 'index.mjs';

/**
 * Packages replaced at bundle time (each stand-in says why). An alias also catches the package's
 * subpaths, so the stand-ins under bundle-stand-ins/ reach the real modules they keep by a
 * relative path into node_modules; that folder's package.json declares them free of side
 * effects, which lets esbuild drop a re-exported CommonJS module nobody on the path uses.
 */
export const BUNDLE_ALIASES = {
  'node-fetch': fileURLToPath(new URL('./no-node-fetch.ts', import.meta.url)),
  electrodb: fileURLToPath(new URL('./bundle-stand-ins/electrodb-entities.ts', import.meta.url)),
  jsonschema: fileURLToPath(new URL('./no-jsonschema.ts', import.meta.url)),
  'gcp-metadata': fileURLToPath(new URL('./no-gcp-metadata.ts', import.meta.url)),
  'google-auth-library': fileURLToPath(new URL('./bundle-stand-ins/oauth2-client-only.ts', import.meta.url)),
  '@googleapis/drive/build/v3': fileURLToPath(new URL('./bundle-stand-ins/google-drive-v3.ts', import.meta.url)),
  '@googleapis/gmail/build/v1': fileURLToPath(new URL('./bundle-stand-ins/google-gmail-v1.ts', import.meta.url)),
  '@googleapis/sheets/build/v4': fileURLToPath(new URL('./bundle-stand-ins/google-sheets-v4.ts', import.meta.url)),
  qs: fileURLToPath(new URL('./bundle-stand-ins/qs-stringify.ts', import.meta.url)),
  'https-proxy-agent': fileURLToPath(new URL('./bundle-stand-ins/inert-proxy-agent.ts', import.meta.url)),
  'dom-serializer': fileURLToPath(new URL('./bundle-stand-ins/no-html-serializer.ts', import.meta.url)),
  semver: fileURLToPath(new URL('./bundle-stand-ins/semver-gte.ts', import.meta.url)),
  openai: fileURLToPath(new URL('./bundle-stand-ins/openai', import.meta.url)),
  '@aws-lambda-powertools/parser/helpers': fileURLToPath(new URL('./bundle-stand-ins/powertools-parser-helpers.ts', import.meta.url)),
  '@aws-lambda-powertools/parser/schemas/eventbridge': fileURLToPath(new URL('./bundle-stand-ins/powertools-eventbridge-schema.ts', import.meta.url)),
} as const;

/**
 * The AWS SDK v3 packages Threadline's functions (and ElectroDB, Powertools) import, taken from
 * the Lambda Node.js 24 runtime instead of the bundle. The runtime ships the whole SDK v3 (every
 * client, lib-dynamodb, util-dynamodb, with their @smithy dependencies); bundled, minified and
 * tree-shaken, these clients still weighed ~270 KB in every function (more than half of a
 * route's bundle) and put every route over its 500 KB budget.
 *
 * Why this is safe to take from the runtime:
 * - Each package is named, not `@aws-sdk/*`: a package the runtime may not ship (a service's
 *   client newer than the runtime's SDK, a @smithy helper) is bundled as before, and
 *   bench/bundles.ts fails when a bundle leaves out any package that is not in this list.
 * - Only long-stable operations are called (DynamoDB Get/Put/Update/Delete/Query/BatchWrite
 *   through the document client, KMS GenerateDataKey/Decrypt, Lambda Invoke, Secrets Manager
 *   through Powertools, SESv2 SendEmail, Step Functions Start/Stop/DescribeExecution); lib-dynamodb and client-dynamodb come from the same runtime
 *   release, so they always match each other (a bundled lib-dynamodb over the runtime's client
 *   could not promise that).
 * - The runtime's version changes only when a function is deployed (RuntimeManagementMode
 *   FUNCTION_UPDATE in app-function.ts), never silently between two deploys.
 * Tests, the local runtime and the bundle bench resolve the same names from node_modules, the
 * versions package-lock.json pins.
 */
export const LAMBDA_RUNTIME_PACKAGES = [
  '@aws-sdk/client-dynamodb',
  '@aws-sdk/lib-dynamodb',
  '@aws-sdk/util-dynamodb',
  '@aws-sdk/client-kms',
  '@aws-sdk/client-lambda',
  '@aws-sdk/client-secrets-manager',
  '@aws-sdk/client-sesv2',
  '@aws-sdk/client-sfn',
] as const;

export const esbuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: LAMBDA_NODE_TARGET,
  minify: true,
  // Step Functions Retry/Catch match on the error's name (RateLimited, UpstreamError...): every
  // error class of ours sets `name` to a literal, so minified class names are harmless, and
  // keeping names would cost ~50 KB per bundle.
  keepNames: false,
  sourcemap: false,
  // Non-ASCII text as UTF-8 rather than \uXXXX escapes (Node reads an .mjs file as UTF-8): the
  // date words, entity tables and mail patterns of many languages shrink by half or more.
  charset: 'utf8',
  // Prefer packages' ESM entry points: they tree-shake, CJS entry points do not.
  mainFields: ['module', 'main'],
  banner: { js: ESM_REQUIRE_BANNER },
  alias: BUNDLE_ALIASES,
  // The AWS SDK clients come from the Lambda runtime (see LAMBDA_RUNTIME_PACKAGES).
  external: [...LAMBDA_RUNTIME_PACKAGES],
} as const satisfies BuildOptions;

/** The same options in NodejsFunction's vocabulary; local esbuild only, never Docker. */
export const nodejsBundlingOptions: BundlingOptions = {
  format: OutputFormat.ESM,
  target: esbuildOptions.target,
  minify: esbuildOptions.minify,
  keepNames: esbuildOptions.keepNames,
  sourceMap: false,
  mainFields: [...esbuildOptions.mainFields],
  banner: esbuildOptions.banner.js,
  externalModules: [...esbuildOptions.external],
  // The SDK is taken from the runtime, but only the packages externalModules names (CDK's own
  // default, every `@aws-sdk/*`, applies only when externalModules is not given).
  bundleAwsSDK: false,
  charset: Charset.UTF8,
  esbuildArgs: Object.fromEntries(Object.entries(BUNDLE_ALIASES).map(([name, path]) => [`--alias:${name}`, path])),
  forceDockerBundling: false,
};
