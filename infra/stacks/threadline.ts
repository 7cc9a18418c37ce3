import { App, CfnOutput, Tags, Validations, type Environment } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { routes } from '../../functions/routes';
import { ReviewedFindings } from './nag-acknowledgements';
import { ApiRoutesStack } from './api-routes-stack';
import { ApiStack } from './api-stack';
import { apiPathPatterns } from './api-paths';
import { DataStack } from './data-stack';
import { AsyncTasksStack } from './async-tasks-stack';
import type { GoogleClient, InviteSender } from './grants';
import { MonitorStack } from './monitor-stack';
import { assertOverridesMatchManifest } from './permissions';
import { ProcessingStack } from './processing-stack';
import { groupRoutes } from './route-groups';
import { WebStack } from './web-stack';

export type ThreadlineConfig = {
  /** Stack name prefix, so a second copy (staging) can live in the same account. */
  prefix: string;
  logRetention: RetentionDays;
  inviteSender: InviteSender;
  googleClient: GoogleClient;
  /** A custom domain's URL; by default the distribution's own https://…cloudfront.net URL. */
  appUrl?: string;
  /** Gmail push: the Pub/Sub topic users.watch publishes to and the push subscription's service account (unset: polling only) */
  gmailPush?: { topic: string; serviceAccount: string };
  /** web/dist when it has been built; the site deploys only then. */
  siteAssetsPath?: string;
  /**
   * A region is required (TableV2 with a customer-managed key renders per region); the account
   * may stay unresolved, so synth needs no credentials and no lookups.
   */
  env: Environment & { region: string };
};

/** Context keys (cdk.json or `-c key=value`). */
export const CONTEXT = {
  prefix: 'threadline:stackPrefix',
  logRetentionDays: 'threadline:logRetentionDays',
  inviteFromAddress: 'threadline:inviteFromAddress',
  appUrl: 'threadline:appUrl',
  googleClientId: 'threadline:googleClientId',
  googleClientSecretName: 'threadline:googleClientSecretName',
  account: 'threadline:account',
  region: 'threadline:region',
  gmailPushTopic: 'threadline:gmailPushTopic',
  gmailPushServiceAccount: 'threadline:gmailPushServiceAccount',
} as const;

export const PUSH_ROUTE_PATH = '/api/v3/push/gmail';

/** What the functions read to watch mailboxes and verify deliveries (functions/lib/push/config.ts). */
export const gmailPushEnvironment = (push: ThreadlineConfig['gmailPush'], appUrl: string): Record<string, string> =>
  push ? { GMAIL_PUSH_TOPIC: push.topic, GMAIL_PUSH_AUDIENCE: `${appUrl}${PUSH_ROUTE_PATH}`, GMAIL_PUSH_SERVICE_ACCOUNT: push.serviceAccount } : {};

/** Used when neither context nor the CLI's profile names a region, e.g. offline synth in CI. */
export const DEFAULT_REGION = 'eu-west-1';

export const configFromContext = (app: App, siteAssetsPath: string | undefined): ThreadlineConfig => {
  const context = (key: string): string | undefined => {
    const value: unknown = app.node.tryGetContext(key);
    return value === undefined || value === '' ? undefined : String(value);
  };
  const fromAddress = context(CONTEXT.inviteFromAddress) ?? 'no-reply@threadline.example';
  return {
    prefix: context(CONTEXT.prefix) ?? 'Threadline',
    logRetention: retentionDays(Number(context(CONTEXT.logRetentionDays) ?? RetentionDays.ONE_MONTH)),
    // SES authorises sending per verified identity: the sender's domain.
    inviteSender: { fromAddress, identity: fromAddress.split('@').pop()!.replace(/>$/, '') },
    googleClient: {
      // Not a secret (it is in every sign-in URL); empty until the OAuth client is registered.
      clientId: context(CONTEXT.googleClientId) ?? '',
      // A plain-text secret, read at run time by the functions granted it (neither synth nor
      // deploy reads it): it must exist before the first sign-in.
      clientSecretName: context(CONTEXT.googleClientSecretName) ?? 'threadline/google-oauth-client-secret',
      issuer: 'https://accounts.google.com',
    },
    appUrl: context(CONTEXT.appUrl),
    ...(context(CONTEXT.gmailPushTopic) && context(CONTEXT.gmailPushServiceAccount)
      ? { gmailPush: { topic: context(CONTEXT.gmailPushTopic)!, serviceAccount: context(CONTEXT.gmailPushServiceAccount)! } }
      : {}),
    siteAssetsPath,
    env: {
      account: context(CONTEXT.account) ?? process.env.CDK_DEFAULT_ACCOUNT,
      region: context(CONTEXT.region) ?? process.env.CDK_DEFAULT_REGION ?? DEFAULT_REGION,
    },
  };
};

const retentionDays = (days: number): RetentionDays => {
  if (!Object.values(RetentionDays).includes(days)) throw new Error(`${days} is not a CloudWatch Logs retention period`);
  return days as RetentionDays;
};

export type ThreadlineStacks = ReturnType<typeof defineThreadline>;

/**
 * Every stack of the product and the AwsSolutions checks over them. Deploy order follows the
 * references: data → processing, async tasks → monitor; api → web → one routes stack per domain.
 */
export const defineThreadline = (app: App, config: ThreadlineConfig) => {
  assertOverridesMatchManifest();
  const stackProps = (description: string) => ({ env: config.env, description });
  const name = (suffix: string) => `${config.prefix}-${suffix}`;
  const { logRetention, googleClient } = config;

  const data = new DataStack(app, name('Data'), stackProps('Threadline: single table and encryption keys'));
  const processing = new ProcessingStack(app, name('Processing'), {
    ...stackProps('Threadline: processing state machine and its tasks'),
    table: data.table,
    secretsKey: data.secretsKey,
    googleClient,
    logRetention,
  });
  const asyncTasks = new AsyncTasksStack(app, name('AsyncTasks'), {
    ...stackProps('Threadline: tasks that routes start without waiting (campaign Drive provisioning, deletion)'),
    table: data.table,
    secretsKey: data.secretsKey,
    googleClient,
    logRetention,
    stateMachine: processing.stateMachine,
  });
  const monitor = new MonitorStack(app, name('Monitor'), {
    ...stackProps('Threadline: 2-minute monitor schedule'),
    table: data.table,
    secretsKey: data.secretsKey,
    googleClient,
    stateMachine: processing.stateMachine,
    asyncTasks: asyncTasks.functions,
    logRetention,
  });
  const api = new ApiStack(app, name('Api'), { ...stackProps('Threadline: HTTP API and its stage'), logRetention });
  const web = new WebStack(app, name('Web'), {
    ...stackProps('Threadline: site bucket and CloudFront distribution'),
    apiDomain: api.apiDomain,
    apiPathPatterns: apiPathPatterns(routes),
    siteAssetsPath: config.siteAssetsPath,
  });
  const appUrl = config.appUrl ?? web.siteUrl;
  const pushEnvironment = gmailPushEnvironment(config.gmailPush, appUrl);
  for (const [key, value] of Object.entries(pushEnvironment)) monitor.watchRenewal.fn.addEnvironment(key, value);
  new CfnOutput(web, 'GmailPushEndpoint', {
    description: 'Gmail push: the push endpoint (and OIDC audience) of the Pub/Sub push subscription',
    value: `${appUrl}${PUSH_ROUTE_PATH}`,
  });

  const routeStacks = [...groupRoutes(routes)].map(
    ([group, members]) =>
      new ApiRoutesStack(app, name(`Api${group}`), {
        ...stackProps(`Threadline: ${group} API routes`),
        routes: members,
        httpApi: api.httpApi,
        table: data.table,
        secretsKey: data.secretsKey,
        stateMachine: processing.stateMachine,
        inviteSender: config.inviteSender,
        googleClient,
        asyncTasks: asyncTasks.functions,
        appUrl,
        pushEnvironment,
        logRetention,
      }),
  );

  Tags.of(app).add('project', 'threadline');
  // Order matters: the reviewed wildcards are acknowledged before the checks report.
  Validations.of(app).addPlugins(new ReviewedFindings(), new AwsSolutionsChecks(app));

  return { data, processing, monitor, asyncTasks, api, web, routeStacks };
};
