import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../fixtures/seed';
import { boot, type Booted } from './harness';
import { createAgency, invite, signIn, type SignedIn } from './identity-helpers';

/**
 * The agency's Drive folder (every campaign's files) is the owners' to delete and to recreate: a
 * member is refused both with one message, and nothing is dispatched or deleted.
 */
const [MAYA, , PRIYA] = seed.accounts.map((account) => account.email) as [string, string, string];
const OWNERS_ONLY = "Only owners can delete or recreate the agency's Drive folder";

describe("the agency's Drive folder: owners only", () => {
  let booted: Booted;
  let owner: SignedIn;
  let member: SignedIn;
  let provisions = 0;

  beforeAll(async () => {
    booted = await boot({
      wrapTask: (taskId, run) => async (input) => {
        if (taskId === 'CampaignProvision') provisions += 1;
        return run(input);
      },
    });
    owner = await signIn(booted.runtime, MAYA);
    await createAgency(owner, 'Drive Roles Agency');
    member = await signIn(booted.runtime, PRIYA, { invite: await invite(owner, booted.dataDir, PRIYA, 'member') });
    expect(member.location).toContain('invite_accepted=true');
    await booted.runtime.settleAsync();
  }, 120_000);

  afterAll(async () => {
    await booted?.stop();
  });

  it('a member may neither recreate nor delete it: 403 with the same message, nothing started', async () => {
    const health = async () => (await owner.api.get<{ healthy: boolean; threadline_folder: { id: string } }>('/api/campaigns/drive/health')).body;
    const before = await health();
    expect(before.healthy).toBe(true);
    provisions = 0;
    for (const action of ['recreate', 'delete']) {
      const refused = await member.api.post(`/api/campaigns/threadline/${action}`, { confirm: true });
      expect(refused.status, `${action}: ${refused.text}`).toBe(403);
      expect(refused.body).toMatchObject({ success: false, error: OWNERS_ONLY, code: 'FORBIDDEN' });
    }
    await booted.runtime.settleAsync();
    expect(provisions).toBe(0);
    expect(await health()).toMatchObject({ healthy: true, threadline_folder: { id: before.threadline_folder.id } });
  });

  it('an owner may recreate it', async () => {
    const requested = await owner.api.post('/api/campaigns/threadline/recreate', { confirm: true });
    expect(requested.status, requested.text).toBe(200);
    expect(requested.body).toMatchObject({ success: true, status: 'recreating' });
    await booted.runtime.settleAsync();
    expect(provisions).toBe(1);
  });
});
