import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { installPlatform } from '../../functions/lib/platform/platform';
import { TABLE_NAME } from '../../functions/lib/store/client';
import { ensureTable, startDynalite, type LocalDynamo } from '../../infra/local/dynamo';

/**
 * The single table in a dynalite of this test file's own, with the store's clients pointed at it
 * (installing a platform rebuilds the per-process clients), and the environment put back after.
 */
export const useLocalTable = (label: string): { endpoint: () => string } => {
  let dir: string;
  let dynamo: LocalDynamo | undefined;
  const saved = { ...process.env };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `threadline-${label}-`));
    dynamo = await startDynalite(join(dir, 'dynamodb'));
    await ensureTable(dynamo.endpoint, TABLE_NAME);
    Object.assign(process.env, { DYNAMODB_ENDPOINT: dynamo.endpoint, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });
    installPlatform({});
  }, 30_000);
  afterAll(async () => {
    process.env = saved;
    installPlatform({});
    await dynamo?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    endpoint: () => {
      if (!dynamo) throw new Error('the local table starts in beforeAll');
      return dynamo.endpoint;
    },
  };
};
