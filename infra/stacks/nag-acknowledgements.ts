import { Stack, Validations, type IPolicyValidationContext, type IPolicyValidationPlugin, type PolicyValidationPluginReport } from 'aws-cdk-lib';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { AppFunction } from '../constructs/app-function';
import { SiteDeployment } from '../constructs/site-deployment';

export type ReviewedFinding = {
  /** The cdk-nag finding id, e.g. `AwsSolutions-IAM5[Resource::*]`. */
  finding: RegExp;
  /** Which resources the review covers: the same finding elsewhere is not acknowledged. */
  raisedBy: (resource: IConstruct) => boolean;
  reason: string;
};

const within =
  (type: abstract new (...args: never[]) => IConstruct) =>
  (resource: IConstruct): boolean =>
    resource.node.scopes.some((scope) => scope instanceof type);
/**
 * For `Resource::*`: the policy's only statements on '*' grant these actions. A later grant of,
 * say, s3:GetObject on '*' is then a new finding, not silently covered by an old review.
 */
const starOnlyFor =
  (...allowedActions: string[]) =>
  (resource: IConstruct): boolean => {
    if (!(resource instanceof CfnPolicy)) return false;
    const document = Stack.of(resource).resolve(resource.policyDocument) as { Statement: { Action: string | string[]; Resource: unknown }[] };
    return document.Statement.filter((statement) => [statement.Resource].flat().includes('*')).every((statement) =>
      [statement.Action].flat().every((action) => allowedActions.includes(action)),
    );
  };
const both =
  (...predicates: ((resource: IConstruct) => boolean)[]) =>
  (resource: IConstruct): boolean =>
    predicates.every((predicate) => predicate(resource));
const pathMatches =
  (pattern: RegExp) =>
  (resource: IConstruct): boolean =>
    pattern.test(resource.node.path);

/**
 * Every wildcard the AwsSolutions checks find that we keep, with why. Findings that are not
 * wildcards are acknowledged where their construct is made (APIG4, CFR1/2/4, S1, SQS3).
 */
export const REVIEWED_FINDINGS: readonly ReviewedFinding[] = [
  {
    finding: /^AwsSolutions-IAM5\[Resource::\*\]$/,
    raisedBy: both(within(AppFunction), starOnlyFor('xray:PutTraceSegments', 'xray:PutTelemetryRecords')),
    reason:
      "The only '*' in a function role is X-Ray's PutTraceSegments/PutTelemetryRecords (active tracing), which have no resource-level permissions.",
  },
  {
    finding: /^AwsSolutions-IAM5\[Resource::.+\/index\/\*\]$/,
    raisedBy: within(AppFunction),
    reason:
      "TableV2 grants cover the table's own GSIs (byUser, byCampaign, byDueCheck) as table-arn/index/*; nothing outside the single table.",
  },
  {
    finding: /^AwsSolutions-IAM5\[Action::kms:(GenerateDataKey|ReEncrypt)\*\]$/,
    raisedBy: within(AppFunction),
    reason:
      "From TableV2.grantReadWriteData on the table's own encryption key, which DynamoDB uses on the caller's behalf to write items. The secrets key's grant (grants.ts) names exact actions.",
  },
  {
    finding: /^AwsSolutions-IAM5\[Resource::arn:[^:]+:states:.*:execution:.+:\*\]$/,
    raisedBy: within(AppFunction),
    reason:
      'states:StopExecution on executions of the processing state machine only; execution names are created per job, so they cannot be listed in advance.',
  },
  {
    finding: /^AwsSolutions-IAM5\[Resource::\*\]$/,
    raisedBy: both(
      within(StateMachine),
      starOnlyFor(
        'logs:CreateLogDelivery',
        'logs:GetLogDelivery',
        'logs:UpdateLogDelivery',
        'logs:DeleteLogDelivery',
        'logs:ListLogDeliveries',
        'logs:PutResourcePolicy',
        'logs:DescribeResourcePolicies',
        'logs:DescribeLogGroups',
        'xray:PutTraceSegments',
        'xray:PutTelemetryRecords',
        'xray:GetSamplingRules',
        'xray:GetSamplingTargets',
      ),
    ),
    reason:
      'Step Functions logging (logs:CreateLogDelivery and the other vended-log delivery actions) and X-Ray tracing need these actions on *; they support no resource-level permissions.',
  },
  {
    finding: /^AwsSolutions-IAM5\[Resource::<[A-Za-z0-9]+\.Arn>:\*\]$/,
    raisedBy: pathMatches(/\/SchedulerRoleForTarget-[^/]+\/DefaultPolicy\/Resource$/),
    reason:
      "The scheduler target's grantInvoke covers the tick function's versions and aliases (ARN:*); the schedule invokes only the unqualified function.",
  },
  {
    finding: /^AwsSolutions-IAM5\[(Action::s3:(GetBucket|GetObject|List|Abort|DeleteObject)\*|Resource::.+\/\*)\]$/,
    raisedBy: within(SiteDeployment),
    reason:
      "BucketDeployment's handler reads the build from the CDK asset bucket and syncs it (with deletes) into the site bucket; CDK grants its read/write action groups on exactly those two buckets' objects.",
  },
  {
    finding: /^AwsSolutions-IAM5\[Resource::\*\]$/,
    raisedBy: both(within(SiteDeployment), starOnlyFor('cloudfront:CreateInvalidation', 'cloudfront:GetInvalidation')),
    reason: "cloudfront:CreateInvalidation/GetInvalidation, granted by BucketDeployment on '*' so it can invalidate the distribution after an upload.",
  },
  {
    finding: /^AwsSolutions-L1$/,
    raisedBy: pathMatches(/\/Custom::CDKBucketDeployment[^/]*\/Resource$/),
    reason:
      "The BucketDeployment handler's runtime (Python) is chosen and patched by aws-cdk-lib; it runs only during deployments and never sees user data.",
  },
];

/**
 * cdk-nag 3 acknowledges each wildcard finding by its exact id, and those ids embed logical ids
 * and cross-stack outputs (`Resource::{"Fn::GetStackOutput":…}/index/*`) that only take their
 * final form once synthesis has resolved references. So the reviews above are patterns, applied
 * by this plugin: registered just before AwsSolutionsChecks, it runs the same checks over the
 * resolved tree and acknowledges each finding a review covers, with that review's reason, on the
 * resource that raised it. AwsSolutionsChecks then reports only what no review covers, and the
 * acknowledgements land in the validation report with their reasons. It reports nothing itself.
 */
export class ReviewedFindings implements IPolicyValidationPlugin {
  readonly name = 'ThreadlineReviewedFindings';

  validate(context: IPolicyValidationContext): PolicyValidationPluginReport {
    acknowledgeReviewedFindings(context.appConstruct);
    return { success: true, violations: [] };
  }
}

export const acknowledgeReviewedFindings = (root: IConstruct): void => {
  const byPath = new Map(root.node.findAll().map((construct) => [construct.node.path, construct]));
  const report = new AwsSolutionsChecks().validateScope(root);
  for (const violation of report.violations) {
    for (const { constructPath } of violation.violatingResources) {
      const resource = constructPath === undefined ? undefined : byPath.get(constructPath);
      if (!resource) continue;
      const review = REVIEWED_FINDINGS.find((candidate) => candidate.finding.test(violation.ruleName) && candidate.raisedBy(resource));
      if (review) Validations.of(resource).acknowledge({ id: violation.ruleName, reason: review.reason });
    }
  }
};
