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
  '@aws-sdk/credential-provider-node': fileURLToPath(new URL('./lambda-credentials.ts', import.meta.url)),
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
  '@smithy/core/event-streams': fileURLToPath(new URL('./bundle-stand-ins/no-event-streams.ts', import.meta.url)),
} as const;

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
  // Bundle the AWS SDK v3 instead of using the runtime's copy: the runtime's version drifts
  // (AWS updates it without notice), while lib-dynamodb/electrodb and the local runtime are
  // tested against the versions pinned in package-lock.json. A bundled, tree-shaken client is
  // also no slower to import than the runtime's many-file copy (see bench/bundles.ts).
  external: [],
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
  bundleAwsSDK: true,
  charset: Charset.UTF8,
  esbuildArgs: Object.fromEntries(Object.entries(BUNDLE_ALIASES).map(([name, path]) => [`--alias:${name}`, path])),
  forceDockerBundling: false,
};
