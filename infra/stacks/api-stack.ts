import { Fn, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

export type ApiStackProps = StackProps & { logRetention: RetentionDays };

/**
 * The HTTP API itself, without routes. Routes live in one stack per domain (api-routes-stack.ts),
 * and the web stack only needs this API's domain. Keeping the API apart is what lets the route
 * functions receive the site URL (APP_URL) from the web stack without a dependency cycle:
 * web → api ← routes → web.
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  /** `abc123.execute-api.eu-west-1.amazonaws.com`, the CloudFront origin. */
  readonly apiDomain: string;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: 'threadline',
      description: 'Threadline API, served to browsers through CloudFront (/api/*, /auth/*)',
      // Same-origin through CloudFront: browsers never call this API cross-origin, so no CORS.
      createDefaultStage: false,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 100, burstLimit: 200 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            method: '$context.httpMethod',
            routeKey: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });

    this.apiDomain = Fn.select(2, Fn.split('/', this.httpApi.apiEndpoint));
  }
}

/** Routes authenticate in the handler (session cookie or bearer token), never in API Gateway. */
export const acknowledgeHandlerAuthorization = (scope: Construct): void =>
  Validations.of(scope).acknowledge({
    id: 'AwsSolutions-APIG4',
    reason:
      'Every route authorises in its handler: the route manifest gives each route an auth level (public, user, agency) that ' +
      'defineHandler enforces from the hashed session token before any work. Public routes (sign-in, health) must be reachable signed out.',
  });
