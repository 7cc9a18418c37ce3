import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, AssetStaging, Stack } from 'aws-cdk-lib';
import { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppFunction } from '../../infra/constructs/app-function';
import { BUNDLE_FILE_NAME, ESM_REQUIRE_BANNER, esbuildOptions, LAMBDA_RUNTIME_PACKAGES, nodejsBundlingOptions, RUNTIME_NODE_OPTIONS } from '../../infra/constructs/bundling';
import { PROJECT_ROOT } from '../../infra/constructs/paths';
import { cdkJsonContext, TEST_REGION } from './synthesize';

/**
 * The template tests skip esbuild; this one really bundles one handler through AppFunction, with
 * the local esbuild, and runs the result the way Lambda would (ESM, Node, NODE_OPTIONS).
 */
describe('AppFunction bundling (real esbuild)', () => {
  let bundleDir: string;
  let seconds: number;

  beforeAll(() => {
    const started = performance.now();
    const app = new App({ context: cdkJsonContext() });
    const stack = new Stack(app, 'BundleProbe', { env: { region: TEST_REGION } });
    const fn = new AppFunction(stack, 'Health', {
      functionId: 'SystemHealth',
      handler: 'system/health',
      table: TableV2.fromTableName(stack, 'Table', 'probe'),
      logRetention: RetentionDays.ONE_WEEK,
    });
    app.synth();
    seconds = (performance.now() - started) / 1000;
    const staging = fn.node.findAll().find((construct): construct is AssetStaging => construct instanceof AssetStaging);
    bundleDir = staging!.absoluteStagedPath;
  });

  it('emits a minified ESM bundle with the require banner, and ships no source map', () => {
    const bundle = join(bundleDir, BUNDLE_FILE_NAME);
    const code = readFileSync(bundle, 'utf8');
    console.log(`infra: bundled system/health in ${seconds.toFixed(1)} s → ${(code.length / 1024).toFixed(0)} KB`);
    expect(code.startsWith(ESM_REQUIRE_BANNER)).toBe(true);
    expect(code.length / code.split('\n').length).toBeGreaterThan(2000); // minified: few, very long lines
    // The staged asset directory is exactly what is zipped and uploaded.
    expect(readdirSync(bundleDir, { recursive: true }).map(String).filter((name) => name.endsWith('.map'))).toEqual([]);
    expect(code).not.toMatch(/[#@]\s*sourceMappingURL=/);
    expect(RUNTIME_NODE_OPTIONS).not.toContain('--enable-source-maps');
  });

  it('runs in plain Node as Lambda would load it: import, then call the handler', () => {
    // As in Lambda: the function's directory holds only the bundle, and the runtime provides the
    // AWS SDK packages the bundle leaves out (here linked from node_modules, and nothing else).
    const root = mkdtempSync(join(tmpdir(), 'lambda-runtime-'));
    for (const name of LAMBDA_RUNTIME_PACKAGES) {
      mkdirSync(dirname(join(root, 'node_modules', name)), { recursive: true });
      symlinkSync(join(PROJECT_ROOT, 'node_modules', name), join(root, 'node_modules', name));
    }
    mkdirSync(join(root, 'task'));
    copyFileSync(join(bundleDir, BUNDLE_FILE_NAME), join(root, 'task', BUNDLE_FILE_NAME));
    const script = `
      const { handler } = await import(${JSON.stringify(pathToFileURL(join(root, 'task', BUNDLE_FILE_NAME)).href)});
      const response = await handler({
        version: '2.0', routeKey: 'GET /api/v3/system/health', rawPath: '/api/v3/system/health', headers: {},
        requestContext: { requestId: 'bundle-test', http: { method: 'GET', path: '/api/v3/system/health' } },
      });
      process.stdout.write(JSON.stringify(response));`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH, NODE_OPTIONS: RUNTIME_NODE_OPTIONS, TABLE_NAME: 'probe', AWS_REGION: TEST_REGION, LOG_LEVEL: 'SILENT' },
      encoding: 'utf8',
    });
    rmSync(root, { recursive: true, force: true });
    const response = JSON.parse(output) as { statusCode: number; body: string };
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ status: 'ok' });
  });

  it('uses the very options bench/bundles.ts bundles with', () => {
    expect(nodejsBundlingOptions).toMatchObject({
      format: esbuildOptions.format,
      target: esbuildOptions.target,
      minify: esbuildOptions.minify,
      keepNames: esbuildOptions.keepNames,
      sourceMap: esbuildOptions.sourcemap !== false,
      charset: esbuildOptions.charset,
      mainFields: esbuildOptions.mainFields,
      banner: esbuildOptions.banner.js,
      externalModules: esbuildOptions.external,
      bundleAwsSDK: false,
      forceDockerBundling: false,
    });
  });
});
