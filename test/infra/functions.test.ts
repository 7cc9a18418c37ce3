import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeKey, routes, tasks } from '../../functions/routes';
import { APP_RUNTIME } from '../../infra/constructs/app-function';
import { RUNTIME_NODE_OPTIONS } from '../../infra/constructs/bundling';
import { permissionsFor, PERMISSION_OVERRIDES } from '../../infra/stacks/permissions';
import { resourcesOfType, synthesizeThreadline, TEST_LOG_RETENTION, type Synthesized } from './synthesize';

type Statement = { Action: string | string[]; Resource: unknown; Effect: string };
type LambdaProps = {
  Runtime: string;
  Architectures: string[];
  Handler: string;
  Timeout: number;
  MemorySize: number;
  TracingConfig?: { Mode: string };
  RuntimeManagementConfig?: { UpdateRuntimeOn: string };
  LoggingConfig?: { LogGroup: { Ref: string } };
  Role: { 'Fn::GetAtt': [string, string] };
  Environment: { Variables: Record<string, unknown> };
};
type AppLambda = { id: string; functionId: string; props: LambdaProps; template: Template; statements: Statement[] };

// The brief's grant table, written out independently of infra/stacks/permissions.ts so that an
// edit there that drops or widens a grant fails here.
const SECRETS = new Set([
  'AuthCallback', 'ApiKeyValidate', 'ApiKeySet', 'SettingsModelConfigGet', 'SettingsModelConfigSet',
  'CampaignImportLonglist', 'CampaignSheetMetadata', 'DriveRootDelete',
  'DriveHealth', 'SystemConnection', 'ContactAdd', 'ContactTrackingToggle', 'ContactRemove', 'ContactsClear', 'TalentErase', 'AgencyCreate', 'AgencyInviteAccept', 'AgencyMemberRemove',
  'JobFetch', 'JobProcessBatch', 'JobSyncSheets', 'MonitorTick', 'MonitorShare', 'CampaignProvision', 'CampaignDeletion', 'LonglistImport',
  // Gmail push: users.watch on connect and daily, users.stop on the last disconnect, the pushed check
  'MailboxConnect', 'MailboxDisconnect', 'PushCheck', 'PushWatchRenew',
]);
/** Everything with a secret except the OpenAI-only key routes acts with a Google grant; sign-in starts one. */
const OPENAI_ONLY = new Set(['ApiKeyValidate', 'ApiKeySet', 'SettingsModelConfigGet', 'SettingsModelConfigSet']);
const GOOGLE = new Set([...SECRETS, 'AuthLogin'].filter((id) => !OPENAI_ONLY.has(id)));
/**
 * Who reads the Google OAuth client secret (at run time, from Secrets Manager): the sign-in
 * callback (the code exchange) and every function that refreshes a person's Google access token.
 * Starting a sign-in (AuthLogin) only builds Google's URL: the client id, never the secret.
 */
const GOOGLE_CLIENT_SECRET_READERS = new Set([...GOOGLE].filter((id) => id !== 'AuthLogin'));
const DISPATCHES: Record<string, readonly string[]> = {
  CampaignAdd: ['CampaignProvision'],
  DriveRootRecreate: ['CampaignProvision'],
  DriveHealth: ['CampaignProvision'],
  CampaignDelete: ['CampaignDeletion'],
  CampaignImportLonglist: ['LonglistImport'],
  CampaignImportLonglistStatus: ['LonglistImport'],
  MonitorTick: ['LonglistImport', 'MonitorShare'],
  PushGmail: ['PushCheck'],
};
const START_EXECUTION = new Set(['ProcessThread', 'ProcessEmail', 'ProcessCampaign', 'ProcessInterval', 'SheetsResync', 'MonitorTick', 'MonitorShare', 'PushCheck']);
const STOP_EXECUTION = new Set(['TaskCancel', 'ProcessCancel']);
/** Whoever finds a job holding the lock asks whether its execution still runs (an orphan is ended at once). */
const DESCRIBE_EXECUTION = new Set([...START_EXECUTION, ...STOP_EXECUTION, 'ProcessingStatus']);
const SEND_EMAIL = new Set(['AgencyInvite', 'AgencyInviteResend']);
// GET routes whose handlers write: sign-in steps, Drive startup recovery, monitor registration.
// AuthStatus slides the session (lastSeenAt, at most once a minute).
const GET_ROUTES_THAT_WRITE = new Set(['AuthLogin', 'AuthCallback', 'AuthStatus', 'DriveHealth', 'SystemConnection', 'ConversationChanges', 'ProcessingStatus', 'CampaignImportLonglistStatus', 'SettingsModelConfigGet', 'CampaignSheetMetadata', 'AgencyAuditExport', 'ConversationList', 'TalentExport']);

const actionsOf = (statement: Statement): string[] => [statement.Action].flat();
const grants = (fn: AppLambda, action: string): boolean => fn.statements.some((statement) => actionsOf(statement).includes(action));
const idsWith = (all: AppLambda[], predicate: (fn: AppLambda) => boolean): string[] => all.filter(predicate).map((fn) => fn.functionId).sort();
const sorted = (ids: Iterable<string>): string[] => [...ids].sort();

describe('functions: one per manifest entry, with the AppFunction defaults and least-privilege grants', () => {
  let synth: Synthesized;
  let lambdas: { id: string; resource: { Properties?: Record<string, unknown> }; template: Template }[];
  let appLambdas: AppLambda[];
  let byId: Map<string, AppLambda>;

  beforeAll(() => {
    synth = synthesizeThreadline();
    console.log(`infra: whole app synthesised (bundling skipped) in ${synth.seconds.toFixed(1)} s`);
    lambdas = resourcesOfType(synth.templates(), 'AWS::Lambda::Function');
    appLambdas = lambdas.map(({ id, resource, template }) => {
      const props = resource.Properties as LambdaProps;
      const [roleId] = props.Role['Fn::GetAtt'];
      const policies = Object.values(template.findResources('AWS::IAM::Policy')) as { Properties: { Roles: { Ref: string }[]; PolicyDocument: { Statement: Statement[] } } }[];
      const statements = policies
        .filter((policy) => policy.Properties.Roles.some((role) => role.Ref === roleId))
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
      return { id, functionId: String(props.Environment?.Variables?.FUNCTION_ID), props, template, statements };
    });
    byId = new Map(appLambdas.map((fn) => [fn.functionId, fn]));
  });

  it('deploys exactly one Lambda per manifest route and per task, and no other Lambda', () => {
    const expected = sorted([...routes.map((route) => route.id), ...tasks.map((task) => task.id)]);
    expect(sorted(appLambdas.map((fn) => fn.functionId))).toEqual(expected);
    expect(lambdas).toHaveLength(routes.length + tasks.length);
    console.log(`infra: ${routes.length} of ${routes.length} manifest routes and ${tasks.length} of ${tasks.length} tasks have their own Lambda`);
  });

  it('wires every manifest route, with its exact method and path, to its own function', () => {
    const apiRoutes = resourcesOfType(synth.templates(), 'AWS::ApiGatewayV2::Route');
    expect(sorted(apiRoutes.map(({ resource }) => String(resource.Properties?.RouteKey)))).toEqual(sorted(routes.map(routeKey)));

    for (const { resource, template } of apiRoutes) {
      const target = JSON.stringify(resource.Properties?.Target);
      const integrationId = Object.keys(template.findResources('AWS::ApiGatewayV2::Integration')).find((id) => target.includes(id));
      const integration = template.findResources('AWS::ApiGatewayV2::Integration')[integrationId!] as { Properties: { IntegrationUri: unknown } };
      const route = routes.find((candidate) => routeKey(candidate) === resource.Properties?.RouteKey)!;
      expect(JSON.stringify(integration.Properties.IntegrationUri)).toContain(byId.get(route.id)!.id);
    }
    console.log(`infra: ${apiRoutes.length} API routes match the manifest's ${routes.length} method+path keys`);
  });

  it('gives every function the latest Node.js runtime on arm64, updated only on deploy, active tracing (not the polled routes) and a retained log group', () => {
    expect(APP_RUNTIME.name).toBe('nodejs24.x');
    const polled = new Set(routes.filter((route) => route.polled).map((route) => route.id));
    expect([...polled].sort()).toEqual(['DashboardMetrics', 'MonitorMetrics', 'ProcessingStatus']);
    for (const fn of appLambdas) {
      expect(fn.props.Runtime, fn.functionId).toBe(APP_RUNTIME.name);
      expect(fn.props.Architectures, fn.functionId).toEqual(['arm64']);
      expect(fn.props.Handler, fn.functionId).toBe('index.handler');
      // The AWS SDK clients are the runtime's: its version changes only with a deploy.
      expect(fn.props.RuntimeManagementConfig, fn.functionId).toEqual({ UpdateRuntimeOn: 'FunctionUpdate' });
      expect(fn.props.TracingConfig?.Mode, fn.functionId).toBe(polled.has(fn.functionId) ? undefined : 'Active');
      const logGroupId = fn.props.LoggingConfig?.LogGroup.Ref;
      const logGroup = fn.template.findResources('AWS::Logs::LogGroup')[logGroupId!] as { Properties: { RetentionInDays?: number } } | undefined;
      expect(logGroup?.Properties.RetentionInDays, fn.functionId).toBe(TEST_LOG_RETENTION);
    }
  });

  it('takes timeout and memory from the manifest entry', () => {
    for (const entry of [...routes, ...tasks]) {
      const fn = byId.get(entry.id)!;
      if (entry.timeoutSeconds !== undefined) expect(fn.props.Timeout, entry.id).toBe(entry.timeoutSeconds);
      else expect(fn.props.Timeout, entry.id).toBeLessThan(30); // inside the HTTP API's 30 s integration limit
      if (entry.memoryMb !== undefined) expect(fn.props.MemorySize, entry.id).toBe(entry.memoryMb);
    }
    expect(byId.get('JobProcessBatch')!.props.Timeout).toBe(600);
  });

  it('sets the shared environment, and the site URL on every route', () => {
    for (const fn of appLambdas) {
      const env = fn.props.Environment.Variables;
      expect(env.TABLE_NAME, fn.functionId).toBeDefined();
      expect(env.POWERTOOLS_SERVICE_NAME).toBe('threadline');
      if (RUNTIME_NODE_OPTIONS) expect(env.NODE_OPTIONS).toBe(RUNTIME_NODE_OPTIONS);
    }
    for (const route of routes) expect(JSON.stringify(byId.get(route.id)!.props.Environment.Variables.APP_URL), route.id).toMatch(/DomainName/);
  });

  it('lets GET routes only read the table, unless the grant table says their handler writes', () => {
    for (const route of routes) {
      const fn = byId.get(route.id)!;
      expect(grants(fn, 'dynamodb:Query'), route.id).toBe(true);
      const writes = route.method !== 'GET' || GET_ROUTES_THAT_WRITE.has(route.id);
      expect(grants(fn, 'dynamodb:PutItem'), route.id).toBe(writes);
      expect(permissionsFor(route.id, route.method).table).toBe(writes ? 'readWrite' : 'read');
    }
  });

  it('grants the secrets key, with exact KMS actions, only to functions that handle secrets', () => {
    const secretStatement = (fn: AppLambda) =>
      fn.statements.find((statement) => JSON.stringify(statement.Resource).includes('SecretsKey'));
    expect(idsWith(appLambdas, (fn) => secretStatement(fn) !== undefined)).toEqual(sorted(SECRETS));
    expect(idsWith(appLambdas, (fn) => fn.props.Environment.Variables.KMS_KEY_ID !== undefined)).toEqual(sorted(SECRETS));
    for (const id of SECRETS) {
      const fn = byId.get(id)!;
      expect(sorted(actionsOf(secretStatement(fn)!))).toEqual(['kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey']);
      expect(JSON.stringify(fn.props.Environment.Variables.KMS_KEY_ID)).toContain('SecretsKey');
    }
  });

  it('grants Step Functions and SES calls only where the grant table says', () => {
    expect(idsWith(appLambdas, (fn) => grants(fn, 'states:StartExecution'))).toEqual(sorted(START_EXECUTION));
    expect(idsWith(appLambdas, (fn) => grants(fn, 'states:StopExecution'))).toEqual(sorted(STOP_EXECUTION));
    expect(idsWith(appLambdas, (fn) => grants(fn, 'states:DescribeExecution'))).toEqual(sorted(DESCRIBE_EXECUTION));
    expect(idsWith(appLambdas, (fn) => grants(fn, 'ses:SendEmail'))).toEqual(sorted(SEND_EMAIL));
    expect(idsWith(appLambdas, (fn) => fn.props.Environment.Variables.STATE_MACHINE_ARN !== undefined)).toEqual(
      sorted([...START_EXECUTION, ...STOP_EXECUTION]),
    );
    expect(idsWith(appLambdas, (fn) => fn.props.Environment.Variables.MAIL_FROM !== undefined)).toEqual(sorted(SEND_EMAIL));
  });

  it('lets exactly the dispatching routes invoke their async task, by name from the environment', () => {
    // LonglistImport and CampaignProvision also invoke themselves (hand-over, Drive restore); the
    // monitor tick fans out through MonitorShare, not by invoking itself.
    expect(idsWith(appLambdas, (fn) => grants(fn, 'lambda:InvokeFunction'))).toEqual(sorted(new Set([...Object.keys(DISPATCHES), 'LonglistImport', 'CampaignProvision'])));
    for (const [routeId, taskIds] of Object.entries(DISPATCHES)) {
      const fn = byId.get(routeId)!;
      for (const taskId of taskIds) {
        const envName = `${taskId.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()}_FUNCTION`;
        expect(JSON.stringify(fn.props.Environment.Variables[envName]), `${routeId} → ${taskId}`).toContain('AsyncTasks');
      }
      const invokes = fn.statements.filter((statement) => actionsOf(statement).includes('lambda:InvokeFunction'));
      expect(invokes.length, routeId).toBeGreaterThan(0);
      for (const invoke of invokes) expect(JSON.stringify(invoke.Resource), routeId).not.toContain(':*');
    }
  });

  it('gives the Google OAuth client to the functions that act with Google, without its secret', () => {
    expect(idsWith(appLambdas, (fn) => fn.props.Environment.Variables.GOOGLE_CLIENT_ID !== undefined)).toEqual(sorted(GOOGLE));
    for (const id of GOOGLE) expect(byId.get(id)!.props.Environment.Variables.GOOGLE_OAUTH_ISSUER, id).toBe('https://accounts.google.com');
    expect(idsWith(appLambdas, (fn) => 'GOOGLE_CLIENT_SECRET' in fn.props.Environment.Variables)).toEqual([]);
  });

  it('holds no secret in any function environment: no dynamic reference to Secrets Manager or an SSM SecureString', () => {
    // A dynamic reference in a function's environment is resolved at deploy time into plain text
    // that anyone allowed lambda:GetFunctionConfiguration reads.
    const holding = lambdas
      .filter(({ resource }) => /\{\{resolve:(secretsmanager|ssm-secure):/.test(JSON.stringify(resource.Properties?.Environment ?? {})))
      .map(({ resource, id }) => String((resource.Properties?.Environment as LambdaProps['Environment'] | undefined)?.Variables.FUNCTION_ID ?? id));
    console.log(`infra: ${holding.length} of ${lambdas.length} functions hold a secret reference in their environment`);
    expect(sorted(holding)).toEqual([]);
  });

  it('lets exactly the sign-in callback and the functions that refresh Google tokens read the Google client secret, and only that secret', () => {
    const readers = idsWith(appLambdas, (fn) => grants(fn, 'secretsmanager:GetSecretValue'));
    console.log(`infra: ${readers.length} functions may read the Google client secret`);
    expect(readers).toEqual(sorted(GOOGLE_CLIENT_SECRET_READERS));
    expect(idsWith(appLambdas, (fn) => fn.props.Environment.Variables.GOOGLE_CLIENT_SECRET_ID !== undefined)).toEqual(sorted(GOOGLE_CLIENT_SECRET_READERS));
    for (const id of GOOGLE_CLIENT_SECRET_READERS) {
      const fn = byId.get(id)!;
      // The secret's name, which GetSecretValue takes as its SecretId: never its value.
      expect(fn.props.Environment.Variables.GOOGLE_CLIENT_SECRET_ID, id).toBe('test/google-client-secret');
      const reads = fn.statements.filter((statement) => JSON.stringify(statement).includes('secretsmanager'));
      expect(reads.map(actionsOf), id).toEqual([['secretsmanager:GetSecretValue']]);
      // That one secret: its name and the six characters Secrets Manager appends to its ARN.
      expect(JSON.stringify(reads[0]!.Resource), id).toMatch(/:secretsmanager:eu-west-1:.*:secret:test\/google-client-secret-\?\?\?\?\?\?"/);
    }
  });

  it('never grants a whole service or every action', () => {
    for (const fn of appLambdas) {
      for (const action of fn.statements.flatMap(actionsOf)) expect(action, fn.functionId).not.toMatch(/(^\*$|:\*$)/);
    }
  });

  it('keeps the grant table in step with the manifest', () => {
    const ids = new Set([...routes.map((route) => route.id), ...tasks.map((task) => task.id)]);
    expect(Object.keys(PERMISSION_OVERRIDES).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('outputs the Gmail push endpoint (URL and OIDC audience of the push subscription): the manifest push route on the site', () => {
    const outputs = synth.template(synth.stacks.web).findOutputs('GmailPushEndpoint');
    const pushRoute = routes.find((route) => route.auth === 'google-push')!;
    expect(JSON.stringify(Object.values(outputs)[0]?.Value)).toContain(pushRoute.path);
  });

  it('keeps every stack far under the 500-resource limit, with no site upload when web/dist is not given', () => {
    for (const stack of synth.allStacks) {
      const count = Object.keys(synth.template(stack).toJSON().Resources as object).length;
      expect(count, stack.stackName).toBeLessThan(250);
    }
    for (const template of synth.templates()) template.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });
});
