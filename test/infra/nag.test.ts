import { App, Stack, Validations } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { PolicyValidationPluginReport } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppFunction } from '../../infra/constructs/app-function';
import { acknowledgeReviewedFindings, ReviewedFindings } from '../../infra/stacks/nag-acknowledgements';
import { cdkJsonContext, fakeSiteBuild, SKIP_BUNDLING, synthesizeThreadline, TEST_REGION, type Synthesized } from './synthesize';

const describeViolations = (report: PolicyValidationPluginReport): string[] =>
  report.violations.flatMap((violation) => violation.violatingResources.map((resource) => `${violation.ruleName} @ ${resource.constructPath}`));

/** Every acknowledgement recorded in the tree: rule id → reason, per construct. */
const acknowledgements = (app: App): { path: string; id: string; reason: string }[] =>
  app.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.entries(entry.data as Record<string, string>).map(([id, reason]) => ({ path: construct.node.path, id, reason }))),
  );

/** A one-function app, to probe how the reviews treat a role they have not seen. */
const singleFunctionApp = (extraStatement?: PolicyStatement) => {
  const app = new App({ context: { ...cdkJsonContext(), ...SKIP_BUNDLING } });
  const stack = new Stack(app, 'Probe', { env: { region: TEST_REGION } });
  const fn = new AppFunction(stack, 'Health', {
    functionId: 'SystemHealth',
    handler: 'system/health',
    table: TableV2.fromTableName(stack, 'Table', 'probe'),
    logRetention: RetentionDays.ONE_WEEK,
  });
  if (extraStatement) fn.fn.addToRolePolicy(extraStatement);
  return app;
};

describe('cdk-nag AwsSolutions checks', () => {
  let synth: Synthesized;

  beforeAll(() => {
    // With the site deployment, so its acknowledgements are exercised too. app.synth() runs the
    // checks as a validation plugin and throws, with the report, on any finding left.
    synth = synthesizeThreadline({ siteAssetsPath: fakeSiteBuild() });
  });

  it('leaves no finding, error or warning, unacknowledged in any stack', () => {
    const report = new AwsSolutionsChecks().validateScope(synth.app);
    expect(describeViolations(report)).toEqual([]);
  });

  it('acknowledges each remaining finding with a specific reason', () => {
    const acknowledged = acknowledgements(synth.app);
    const rules = new Set(acknowledged.map((entry) => entry.id.replace(/^Annotation::/, '').replace(/\[.*$/, '')));
    console.log(`infra: ${acknowledged.length} findings acknowledged, over rules ${[...rules].sort().join(', ')}`);
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const { id, reason, path } of acknowledged) {
      expect(id, path).toMatch(/AwsSolutions-[A-Z]+\d+/);
      expect(reason.length, `${id} @ ${path}`).toBeGreaterThan(60);
    }
  });

  it('records no construct errors in any stack', () => {
    for (const stack of synth.allStacks) expect(Annotations.fromStack(stack).findError('*', Match.anyValue()), stack.stackName).toEqual([]);
  });

  it('covers only the reviewed wildcard: X-Ray on * is acknowledged, anything else on * is not', () => {
    const xrayOnly = singleFunctionApp();
    acknowledgeReviewedFindings(xrayOnly);
    expect(describeViolations(new AwsSolutionsChecks().validateScope(xrayOnly))).toEqual([]);

    const widened = singleFunctionApp(new PolicyStatement({ actions: ['s3:GetObject'], resources: ['*'] }));
    acknowledgeReviewedFindings(widened);
    expect(describeViolations(new AwsSolutionsChecks().validateScope(widened))).toEqual([
      'AwsSolutions-IAM5[Resource::*] @ Probe/Health/Role/DefaultPolicy/Resource',
    ]);
  });

  it('fails synthesis when a finding is left unacknowledged', () => {
    const app = new App({ context: cdkJsonContext() });
    const stack = new Stack(app, 'Probe', { env: { region: TEST_REGION } });
    new Queue(stack, 'Plain', { encryption: QueueEncryption.UNENCRYPTED });
    Validations.of(app).addPlugins(new ReviewedFindings(), new AwsSolutionsChecks(app));
    expect(() => app.synth()).toThrow(/AwsSolutions-SQS4/);
  });
});
