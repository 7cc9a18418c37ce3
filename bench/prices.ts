/**
 * Public AWS list prices the cost bench (bench/cost.ts) multiplies counted calls by: us-east-1,
 * on-demand, in USD, without free tiers (an account's free tier is shared by everything in it, so
 * a deployment must not count on it). Each price names its unit and where it is published; all
 * read from the public pricing pages on 2026-11-23. Change a price here and nowhere else.
 */
export type Price = { usd: number; per: string; source: string };

const page = (service: string) => `https://aws.amazon.com/${service}/pricing/`;

export const PRICES = {
  lambdaRequest: { usd: 0.2 / 1e6, per: 'request', source: `${page('lambda')} (requests, all architectures)` },
  lambdaGbSecondArm: { usd: 0.0000133334, per: 'GB-second (arm64, first 7.5 billion GB-s/month)', source: page('lambda') },

  stepFunctionsTransition: { usd: 0.025 / 1000, per: 'state transition (Standard workflows)', source: page('step-functions') },

  dynamoReadUnit: { usd: 0.125 / 1e6, per: 'read request unit (on-demand, Standard table class)', source: `${page('dynamodb')}on-demand/` },
  dynamoWriteUnit: { usd: 0.625 / 1e6, per: 'write request unit (on-demand, Standard table class)', source: `${page('dynamodb')}on-demand/` },

  schedulerInvocation: { usd: 1 / 1e6, per: 'EventBridge Scheduler invocation', source: page('eventbridge') },

  // infra/stacks/api-stack.ts deploys an HTTP API (apigatewayv2 HttpApi), not a REST API ($3.50/M).
  httpApiRequest: { usd: 1 / 1e6, per: 'HTTP API request (first 300 million/month, metered per 512 KB)', source: page('api-gateway') },

  kmsKeyMonth: { usd: 1, per: 'customer managed key per month (each of the first two yearly rotations adds $1)', source: page('kms') },
  kmsRequest: { usd: 0.03 / 10_000, per: 'symmetric KMS request (GenerateDataKey, Decrypt)', source: page('kms') },

  logsIngestedGb: { usd: 0.5, per: 'GB of CloudWatch Logs ingested (standard class; vended logs same first tier)', source: page('cloudwatch') },
  customMetricMonth: { usd: 0.3, per: 'custom metric per month (first 10,000)', source: page('cloudwatch') },
  alarmMonth: { usd: 0.1, per: 'standard-resolution alarm metric per month', source: page('cloudwatch') },

  xrayTrace: { usd: 5 / 1e6, per: 'X-Ray trace recorded', source: page('xray') },

  cloudFrontHttpsRequest: { usd: 0.01 / 10_000, per: 'CloudFront HTTPS request (United States, pay as you go)', source: page('cloudfront') },
  cloudFrontGbOut: { usd: 0.085, per: 'GB out of CloudFront to the internet (United States, first 10 TB)', source: page('cloudfront') },

  secretMonth: { usd: 0.4, per: 'Secrets Manager secret per month', source: page('secrets-manager') },
  secretApiCall: { usd: 0.05 / 10_000, per: 'Secrets Manager API call', source: page('secrets-manager') },

  sqsRequest: { usd: 0.4 / 1e6, per: 'SQS standard queue request (64 KB chunk)', source: page('sqs') },
} as const satisfies Record<string, Price>;

export type PriceId = keyof typeof PRICES;
