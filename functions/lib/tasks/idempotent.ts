import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { Context } from 'aws-lambda';
import type { AsyncTaskId } from '../platform/ports';
import { perPlatform } from '../platform/platform';
import { rawDynamoClient, TABLE_NAME } from '../store/client';
import { TTL_ATTRIBUTE } from '../store/table-definition';

/**
 * Where a delivery's key is in the event: an asynchronous invoke carries the `dispatchId` that
 * dispatchAsync gave it (Lambda's retries and duplicate deliveries repeat it, a new dispatch of
 * the same work gets a new one); an EventBridge event its `id`.
 */
export type DeliveryKey = 'dispatchId' | 'id' | 'id || dispatchId';

/** Lambda keeps an asynchronous event for up to 6 hours: a duplicate can come that late. */
const REMEMBER_SECONDS = 6 * 3600;

/**
 * A task delivered at least once (asynchronous invokes, EventBridge targets) runs its work once
 * per delivery key: a second delivery gets the first one's result (or waits for Lambda's retry
 * while the first is still running). Records live in the single table under `pk =
 * IDEMPOTENCY#<task>` and expire with the table's TTL attribute; a run that throws leaves no
 * record, so the retry runs again. An event without the key runs as before.
 */
export const idempotentTask = <R>(taskId: AsyncTaskId | 'JobReleaseLock', key: DeliveryKey, run: (event: unknown, context?: Context) => Promise<R>) => {
  // Per installed platform: the local runtime points the client at its own DynamoDB.
  const once = perPlatform(() =>
    makeIdempotent(run, {
      persistenceStore: new DynamoDBPersistenceLayer({
        tableName: TABLE_NAME,
        keyAttr: 'pk',
        sortKeyAttr: 'sk',
        staticPkValue: `IDEMPOTENCY#${taskId}`,
        expiryAttr: TTL_ATTRIBUTE,
        awsSdkV3Client: rawDynamoClient(),
      }),
      config: new IdempotencyConfig({ eventKeyJmesPath: key, expiresAfterSeconds: REMEMBER_SECONDS }),
    }),
  );
  return (event: unknown, context?: Context): Promise<R> => once()(event, context);
};
