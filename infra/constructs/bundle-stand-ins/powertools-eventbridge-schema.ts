/**
 * Stands in for @aws-lambda-powertools/parser/schemas/eventbridge in the Lambda bundles: the same
 * EventBridgeSchema over `import * as z`, for the reason powertools-parser-helpers.ts gives.
 * test/infra/bundle-stand-ins.test.ts checks it parses as the real schema does.
 */
import * as z from 'zod';

export const EventBridgeSchema = z.object({
  version: z.string(),
  id: z.string(),
  source: z.string(),
  account: z.string(),
  time: z.iso.datetime(),
  region: z.string(),
  resources: z.array(z.string()),
  'detail-type': z.string(),
  detail: z.unknown(),
  'replay-name': z.string().optional(),
});
