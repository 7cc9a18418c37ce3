import { createHash } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, TABLE_NAME } from './client';
import { TTL_ATTRIBUTE } from './table-definition';

/** At most `limit` uses per fixed window of `windowSeconds`, counted per key under `name`. */
export type RateRule = { name: string; limit: number; windowSeconds: number };

export type Slot = { allowed: true; release(): Promise<void> } | { allowed: false; retryAfterSeconds: number };

const digest = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32);

/** The fixed window `now` falls in: its start and end in epoch milliseconds. */
export const rateWindow = (rule: Pick<RateRule, 'windowSeconds'>, now: number) => {
  const size = rule.windowSeconds * 1000;
  const start = Math.floor(now / size) * size;
  return { start, end: start + size };
};

const isConditionalFailure = (error: unknown) => (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';

/**
 * Takes one use of a fixed-window counter: one conditional `ADD` on
 * `RATE#<name>#<hash of key> / WINDOW#<window start>`, refused (nothing written) once `limit` uses
 * are taken. Keys are hashed, so no e-mail address or agency name sits in a key; items expire
 * through the table's TTL a minute after their window ends. A refusal says how long until the
 * window ends (Retry-After); an allowed use can be given back with `release` (a later step refused).
 */
export const takeSlot = async (rule: RateRule, key: string, now = Date.now()): Promise<Slot> => {
  const { start, end } = rateWindow(rule, now);
  const Key = { pk: `RATE#${rule.name}#${digest(key)}`, sk: `WINDOW#${start / 1000}` };
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key,
        UpdateExpression: 'ADD #count :one SET #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':one': 1, ':limit': rule.limit, ':ttl': Math.ceil(end / 1000) + 60 },
      }),
    );
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((end - now) / 1000)) };
  }
  return {
    allowed: true,
    release: async () => {
      await dynamoClient()
        .send(
          new UpdateCommand({
            TableName: TABLE_NAME,
            Key,
            UpdateExpression: 'ADD #count :minusOne',
            ConditionExpression: '#count > :zero',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
          }),
        )
        .catch(() => undefined);
    },
  };
};
