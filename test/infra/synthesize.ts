import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { PROJECT_ROOT } from '../../infra/constructs/paths';
import { defineThreadline, type ThreadlineStacks } from '../../infra/stacks/threadline';

export const TEST_REGION = 'eu-west-1';
export const TEST_LOG_RETENTION = RetentionDays.ONE_MONTH;

/** The feature flags and settings of cdk.json, so tests synthesise what `cdk synth` does. */
export const cdkJsonContext = (): Record<string, unknown> =>
  (JSON.parse(readFileSync(join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;

/**
 * CDK's own switch: an empty bundling-stacks list stages every NodejsFunction without running
 * esbuild. Template tests only read the templates; bundling.test.ts really bundles a function.
 */
export const SKIP_BUNDLING = { 'aws:cdk:bundling-stacks': [] };

/** A stand-in for web/dist, so the conditional site deployment is synthesised and checked too. */
export const fakeSiteBuild = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'threadline-web-dist-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  return dir;
};

export type Synthesized = {
  app: App;
  stacks: ThreadlineStacks;
  allStacks: Stack[];
  template: (stack: Stack) => Template;
  /** Every template of the app, for assertions that span the split route stacks. */
  templates: () => Template[];
  seconds: number;
};

/**
 * The whole app, synthesised once. app.synth() runs the AwsSolutions checks as a validation
 * plugin and, under vitest (NODE_ENV=test), throws with the report if any finding is left.
 */
export const synthesizeThreadline = (options: { siteAssetsPath?: string } = {}): Synthesized => {
  const started = performance.now();
  const app = new App({ context: { ...cdkJsonContext(), ...SKIP_BUNDLING } });
  const stacks = defineThreadline(app, {
    prefix: 'Threadline',
    logRetention: TEST_LOG_RETENTION,
    inviteSender: { fromAddress: 'no-reply@threadline.test', identity: 'threadline.test' },
    googleClient: { clientId: 'test-client.apps.googleusercontent.com', clientSecretName: 'test/google-client-secret', issuer: 'https://accounts.google.com' },
    siteAssetsPath: options.siteAssetsPath,
    env: { region: TEST_REGION },
  });
  app.synth();
  const allStacks = [stacks.data, stacks.processing, stacks.monitor, stacks.asyncTasks, stacks.api, stacks.web, ...stacks.routeStacks];
  const cache = new Map<Stack, Template>();
  const template = (stack: Stack): Template => {
    if (!cache.has(stack)) cache.set(stack, Template.fromStack(stack));
    return cache.get(stack)!;
  };
  return {
    app,
    stacks,
    allStacks,
    template,
    templates: () => allStacks.map(template),
    seconds: (performance.now() - started) / 1000,
  };
};

type CfnResource = { Type: string; Properties?: Record<string, unknown> };

/** Resources of one type across templates, with the stack template they came from. */
export const resourcesOfType = (templates: Template[], type: string): { id: string; resource: CfnResource; template: Template }[] =>
  templates.flatMap((template) =>
    Object.entries(template.findResources(type) as Record<string, CfnResource>).map(([id, resource]) => ({ id, resource, template })),
  );
