import { Entity } from 'electrodb';
import { storeConfig } from '../client';
import { TTL_ATTRIBUTE } from '../table-definition';

/**
 * One shared token bucket, `LIMIT#<scope>#<subject> / BUCKET`, as a GCRA "theoretical arrival
 * time": `tat` (epoch ms, fractional) is when the bucket would be full again. Every Lambda that
 * spends the same quota (a Google user's Gmail units, a Sheets user or project, an OpenAI key's
 * requests and tokens) moves the same item with one conditional update, so concurrent processes
 * share one budget. `subject` is a hash: no address or key sits in a key. Expires an hour after
 * it was last used.
 */
export const rateBucketEntity = new Entity(
  {
    model: { entity: 'rateBucket', version: '1', service: 'threadline' },
    attributes: {
      scope: { type: 'string', required: true },
      subject: { type: 'string', required: true },
      tat: { type: 'number', required: true },
      [TTL_ATTRIBUTE]: { type: 'number' },
    },
    indexes: {
      byBucket: {
        pk: { field: 'pk', composite: ['scope', 'subject'], template: 'LIMIT#${scope}#${subject}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'BUCKET', casing: 'none' },
      },
    },
  },
  storeConfig,
);
