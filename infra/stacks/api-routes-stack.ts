import { Stack, type StackProps } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey, type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import type { RouteDef } from '../../functions/routes';
import { AppFunction } from '../constructs/app-function';
import { acknowledgeHandlerAuthorization } from './api-stack';
import { applyPermissions, type GoogleClient, type InviteSender } from './grants';
import { permissionsFor } from './permissions';

export type ApiRoutesStackProps = StackProps & {
  routes: readonly RouteDef[];
  httpApi: IHttpApi;
  table: ITableV2;
  secretsKey: IKey;
  stateMachine: IStateMachine;
  inviteSender: InviteSender;
  googleClient: GoogleClient;
  asyncTasks: ReadonlyMap<string, IFunction>;
  /** The site's public URL (OAuth redirect URI, links in invitation e-mails). */
  appUrl: string;
  /** Gmail push configuration (empty: polling only) */
  pushEnvironment?: Record<string, string>;
  logRetention: RetentionDays;
};

/** One domain's routes: for each manifest route, its function, its grants and its API route. */
export class ApiRoutesStack extends Stack {
  readonly functions: AppFunction[];

  constructor(scope: Construct, id: string, props: ApiRoutesStackProps) {
    super(scope, id, props);

    this.functions = props.routes.map((route) => {
      const fn = new AppFunction(this, route.id, {
        functionId: route.id,
        handler: route.handler,
        timeoutSeconds: route.timeoutSeconds,
        memoryMb: route.memoryMb,
        traced: !route.polled,
        table: props.table,
        logRetention: props.logRetention,
        description: `Threadline ${route.method} ${route.path}`,
        environment: { APP_URL: props.appUrl, ...(props.pushEnvironment ?? {}) },
      });
      applyPermissions(fn, permissionsFor(route.id, route.method), {
        table: props.table,
        secretsKey: props.secretsKey,
        stateMachine: props.stateMachine,
        inviteSender: props.inviteSender,
        googleClient: props.googleClient,
        asyncTasks: props.asyncTasks,
      });
      new HttpRoute(fn, 'Route', {
        httpApi: props.httpApi,
        // Exactly the manifest's method and path: the handler finds its auth level by this key.
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration('Integration', fn.fn),
      });
      return fn;
    });

    acknowledgeHandlerAuthorization(this);
  }
}
