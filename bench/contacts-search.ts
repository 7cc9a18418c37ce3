/**
 * Contact search at agency scale: `npm run bench` runs the integration file
 * test/integration/contacts-search-scale.test.ts with 20,000 contacts (it runs with 2,000 in
 * `npm test`), so the bounds it asserts (items and read units per answer, never another agency's
 * contacts) hold at the size the issue names. Its console lines are the figures.
 */
import { spawnSync } from 'node:child_process';

const CONTACTS = process.env.BENCH_SEARCH_CONTACTS ?? '20000';

export const runContactSearchBench = async (): Promise<boolean> => {
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'integration', 'test/integration/contacts-search-scale.test.ts'], {
    env: { ...process.env, SEARCH_SCALE_CONTACTS: CONTACTS },
    stdio: 'inherit',
  });
  return run.status === 0;
};
