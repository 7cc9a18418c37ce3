import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsFor, type FunctionPermissions } from '../../infra/stacks/permissions';
import { readUsageReport, USAGE_REPORT_PATH, type PermissionsLookup } from '../../infra/local/grants-enforcement';
import type { HttpMethod } from '../../functions/routes';
import { boot, type Booted } from './harness';
import { readSessionItem, setLastSeen, signIn } from './identity-helpers';

const MAYA = 'maya@brightwave-agency.com';
const PRIYA = 'priya@brightwave-agency.com';

/** The grant table with one grant narrowed and one widened, in memory only. */
const altered: PermissionsLookup = (id: string, method?: HttpMethod): FunctionPermissions => {
  const granted = permissionsFor(id, method);
  // narrowed: status back to the read-only grant it had before local enforcement found the bug
  if (id === 'AuthStatus') return { ...granted, table: 'read' };
  // widened: a read-only listing given write access and the mail sender it never uses
  if (id === 'AgencyListMine') return { ...granted, table: 'readWrite', capabilities: [...granted.capabilities, 'sendEmail'] };
  return granted;
};

// One runtime at a time: a runtime owns the process's environment and hooks while it runs.
describe('grants enforced by the local runtime (infra/stacks/permissions.ts, as IAM on AWS)', () => {
  let enforced: Booted;
  beforeAll(async () => {
    enforced = await boot();
  });
  afterAll(async () => {
    await enforced?.stop();
  });

  it('is on by default, and GET /auth/status slides an idle session under its own grant', async () => {
    expect(enforced.runtime.grants).toBeDefined();
    const priya = await signIn(enforced.runtime, PRIYA);
    await setLastSeen(priya.token, new Date(Date.now() - 2 * 60_000));
    const stale = (await readSessionItem(priya.token))!.lastSeenAt;
    const status = await priya.api.get('/auth/status');
    expect(status.status).toBe(200);
    expect(Date.parse((await readSessionItem(priya.token))!.lastSeenAt)).toBeGreaterThan(Date.parse(stale) + 60_000);
    const report = enforced.runtime.grants!.report();
    expect(report.find((entry) => entry.id === 'AuthStatus')).toMatchObject({ used: { table: 'readWrite' }, denied: [] });
    // the sign-in used what it was granted: Google (the token exchange), the OAuth client's secret
    // (read at run time, for that exchange) and secrets (the sealed grant); starting it, no secret
    expect(report.find((entry) => entry.id === 'AuthCallback')?.used.capabilities).toEqual(['google', 'googleClientSecret', 'secrets']);
    expect(report.find((entry) => entry.id === 'AuthLogin')).toMatchObject({ granted: { capabilities: ['google'] }, denied: [] });
    expect(report.flatMap((entry) => entry.denied)).toEqual([]);
  });

});

describe('a grant table altered in memory is caught', () => {
  let alteredRuntime: Booted;
  beforeAll(async () => {
    alteredRuntime = await boot({ grants: { lookup: altered } });
  });
  afterAll(async () => {
    await alteredRuntime?.stop();
  });

  it('a narrowed grant is caught: AuthStatus with read-only table access fails as AccessDenied', async () => {
    const priya = await signIn(alteredRuntime.runtime, PRIYA);
    // within the minute nothing is written: the read-only grant is enough
    expect((await priya.api.get('/auth/status')).status).toBe(200);
    await setLastSeen(priya.token, new Date(Date.now() - 2 * 60_000));
    const status = await priya.api.get('/auth/status');
    expect(status.status).toBe(500);
    const entry = alteredRuntime.runtime.grants!.report().find((candidate) => candidate.id === 'AuthStatus');
    expect(entry?.denied).toEqual(['dynamodb:UpdateItem']);
  });

  it('a widened grant is caught: what AgencyListMine was granted and never used is reported', async () => {
    const maya = await signIn(alteredRuntime.runtime, MAYA);
    for (let i = 0; i < 3; i += 1) expect((await maya.api.get('/api/v3/agency/list-mine')).status).toBe(200);
    const entry = alteredRuntime.runtime.grants!.report().find((candidate) => candidate.id === 'AgencyListMine');
    expect(entry).toMatchObject({ invocations: 3, used: { table: 'read', capabilities: [] }, unused: { table: 'readWrite', capabilities: ['sendEmail'] }, denied: [] });
  });

  it('prints the grants the recorded runs never used (merged from every runtime of the run)', () => {
    const report = readUsageReport();
    const unused = Object.entries(report)
      .map(([id, entry]) => ({ id, invocations: entry.invocations, ...entry.unused }))
      .filter((entry) => entry.table || entry.capabilities.length || entry.dispatches.length);
    console.log(`grant usage report (${USAGE_REPORT_PATH}): ${Object.keys(report).length} functions recorded; granted but unused in the recorded runs:\n${unused.map((entry) => `  ${entry.id} (${entry.invocations} calls): ${[entry.table && `table ${entry.table}`, ...entry.capabilities, ...entry.dispatches.map((taskId) => `dispatch ${taskId}`)].filter(Boolean).join(', ')}`).join('\n')}`);
    expect(Object.keys(report).length).toBeGreaterThan(0);
  });
});
