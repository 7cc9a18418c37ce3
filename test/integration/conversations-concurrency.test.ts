import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignResponse, conversationPatchResponse } from '../../shared/schemas/conversations';
import { attachThread } from '../../functions/lib/conversations/recompute';
import { newThreadKey } from '../../functions/lib/conversations/store';
import { conversationThreadEntity } from '../../functions/lib/store/entities/conversation-thread';
import { conversationEntity, NEEDS_ASSIGNMENT_SEGMENT } from '../../functions/lib/store/entities/conversation';
import { seed } from '../fixtures/seed';
import { storeManagerMail } from './conversation-items';
import { boot, type ApiResponse, type Booted } from './harness';
import { createAgency, signIn, type SignedIn } from './identity-helpers';

/**
 * Concurrent edits of one conversation (corrections and assignments at the same moment) and who
 * an assignment may name: the conversation's candidates, or, when the person says so
 * (other_talent), any talent of the agency, never another agency's. The conversation, thread and
 * message items are written with the entities; contacts and campaigns go through the API.
 */

const [MAYA, DANIEL] = seed.accounts.map((account) => account.email) as [string, string];
const HOUR = 3600_000;
const NOW = Date.now();
const ago = (ms: number) => new Date(NOW - ms).toISOString();

const ANA = 'ana@example.com';
const BEN = 'ben@example.com';
const CLEO = 'cleo@example.com';
const EVE = 'eve@example.com';
const OUTSIDER = 'outsider@example.com';

const id = (campaignId: string, email: string) => encodeURIComponent(`${campaignId}:${email}`);
const statusesOf = (answers: ApiResponse[]) => answers.map((answer) => answer.status);

describe('conversation edits under concurrency, and who an assignment may name', () => {
  let booted: Booted;
  let staff: SignedIn;
  let other: SignedIn;
  let agency: string;
  let naKey: string;
  let naId: string;

  const patch = (target: string, body: unknown) => staff.api.request('PATCH', `/api/v3/conversations/${target}`, body);
  const assign = (body: unknown, caller = staff) => caller.api.post('/api/v3/conversations/assign', body);

  beforeAll(async () => {
    booted = await boot();
    staff = await signIn(booted.runtime, MAYA);
    agency = (await createAgency(staff, 'Concurrency Agency')).agency.name;
    expect((await staff.api.post('/api/campaigns/add', { campaign_id: 'glow-q1', campaign_name: 'Glow Serum Q1', client_name: 'Lumen' })).status).toBe(200);
    await booted.runtime.settleAsync();
    for (const [email, talentName, manager] of [
      [ANA, 'Anaïs Dubois', ''],
      [BEN, 'Ben Ode', 'boss@mgmt.com'],
      [CLEO, 'Cléo Martin', 'boss@mgmt.com'],
      [EVE, 'Eve Stone', ''],
    ]) {
      const added = await staff.api.post('/api/campaigns/contacts/add', { email, talent_name: talentName, campaign_id: 'glow-q1', email_owner: manager });
      expect(added.status, added.text).toBe(200);
    }

    // Ana's conversation has a thread: a correction rebuilds it from the thread.
    const anaKey = newThreadKey(agency, '<ana1@example>');
    const at = ago(HOUR);
    const targets = [{ contactEmail: ANA, campaignId: 'glow-q1', reason: 'talent_address' as const, campaignConfirmed: true }];
    await conversationThreadEntity.put({ agencyName: agency, threadKey: anaKey, version: 1, subject: 'Glow', messageKeys: [], targets, createdAt: at, updatedAt: at }).go();
    await conversationEntity.put({ agencyName: agency, campaignId: 'glow-q1', subjectKey: ANA, version: 2, status: 'replied', threadKeys: [anaKey], updatedAt: at }).go();

    // A manager's mail for Ben or Cléo: needs assignment.
    ({ threadKey: naKey, id: naId } = await storeManagerMail({ agencyName: agency, mailbox: MAYA, candidates: [BEN, CLEO], campaignId: 'glow-q1' }));

    other = await signIn(booted.runtime, DANIEL);
    await createAgency(other, 'Other Concurrency Agency');
    expect((await other.api.post('/api/campaigns/add', { campaign_id: 'glow-q1', campaign_name: 'Their Glow', client_name: 'Lumen' })).status).toBe(200);
    await booted.runtime.settleAsync();
    const theirs = await other.api.post('/api/campaigns/contacts/add', { email: OUTSIDER, talent_name: 'Out Sider', campaign_id: 'glow-q1' });
    expect(theirs.status, theirs.text).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await booted?.stop();
  });

  it('10 concurrent status and fee corrections of a conversation with a thread answer 200 or 409, never 500', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        patch(id('glow-q1', ANA), i % 2 === 0 ? { status: i % 4 === 0 ? 'negotiating' : 'confirmed' } : { fees: [{ amount: 1000 + i, currency: 'EUR', unit: 'per_post', state: 'quoted' }] }),
      ),
    );
    console.log(`conversations-concurrency: 10 concurrent corrections answered ${statusesOf(answers).join(', ')}`);
    for (const answer of answers) expect([200, 409], answer.text).toContain(answer.status);
    expect(statusesOf(answers)).toContain(200);
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.error).toBe('Someone else changed this conversation at the same moment. Please try again.');
    const settled = conversationPatchResponse.parse((await patch(id('glow-q1', ANA), { status: null, fees: null })).body);
    expect(settled.conversation.corrected_fields).toEqual([]);
  });

  it('10 concurrent assignments and corrections while mail keeps joining the same conversation answer 200 or 409, never 500', async () => {
    // A burst of mail processed meanwhile: threads keep joining the talent's conversation (each
    // join bumps its version, so every rebuild that read before it must run again).
    let rebuilding = true;
    const pipeline = async () => {
      while (rebuilding) await attachThread(agency, 'glow-q1', BEN, naKey);
    };
    const rebuilds = [pipeline(), pipeline()];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? assign({ id: naId, assignments: [{ contact_email: BEN, campaign_id: 'glow-q1' }] }) : patch(id('glow-q1', BEN), { status: 'negotiating' }))),
    );
    rebuilding = false;
    await Promise.all(rebuilds);
    console.log(`conversations-concurrency: 5 assignments and 5 corrections, mail joining meanwhile, answered ${statusesOf(answers).join(', ')}`);
    for (const answer of answers) expect([200, 409], answer.text).toContain(answer.status);
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.error).toBe('Someone else changed this conversation at the same moment. Please try again.');
    // Settled, an assignment goes through and Ben's conversation shows the thread, assigned.
    const settled = await assign({ id: naId, assignments: [{ contact_email: BEN, campaign_id: 'glow-q1' }] });
    expect(settled.status, settled.text).toBe(200);
    expect(assignResponse.parse(settled.body).conversations[0]).toMatchObject({ id: `glow-q1:${BEN}`, attribution: { reason: 'assigned' }, needs_assignment: false });
    const thread = (await conversationThreadEntity.get({ agencyName: agency, threadKey: naKey }).go()).data!;
    expect(thread).toMatchObject({ assignment: [{ contactEmail: BEN, campaignId: 'glow-q1' }], needsAssignment: false });
    expect((await conversationEntity.get({ agencyName: agency, campaignId: NEEDS_ASSIGNMENT_SEGMENT, subjectKey: naKey }).go()).data).toBeNull();
  });

  it('assign accepts only the conversation\'s candidates unless the person chose "another talent"', async () => {
    const notCandidate = await assign({ id: naId, assignments: [{ contact_email: EVE, campaign_id: 'glow-q1' }] });
    expect(notCandidate.status, notCandidate.text).toBe(400);
    expect(notCandidate.body.error).toBe(`${EVE} is not one of this conversation's candidates; choose "Another talent" to assign someone else`);
    const before = (await conversationThreadEntity.get({ agencyName: agency, threadKey: naKey }).go()).data!;
    expect(before.assignment).not.toContainEqual({ contactEmail: EVE, campaignId: 'glow-q1' });

    const chosen = await assign({ id: naId, other_talent: true, assignments: [{ contact_email: EVE, campaign_id: 'glow-q1' }] });
    expect(chosen.status, chosen.text).toBe(200);
    expect(assignResponse.parse(chosen.body).conversations.map((conversation) => conversation.id)).toEqual([`glow-q1:${EVE}`]);
    const after = (await conversationThreadEntity.get({ agencyName: agency, threadKey: naKey }).go()).data!;
    expect(after.assignment).toEqual([{ contactEmail: EVE, campaignId: 'glow-q1' }]);
  });

  it('"another talent" never reaches a contact of another agency', async () => {
    const before = (await conversationThreadEntity.get({ agencyName: agency, threadKey: naKey }).go()).data!;
    const foreign = await assign({ id: naId, other_talent: true, assignments: [{ contact_email: OUTSIDER, campaign_id: 'glow-q1' }] });
    expect(foreign.status, foreign.text).toBe(400);
    expect(foreign.body.error).toBe(`${OUTSIDER} is not a contact of campaign "glow-q1"`);
    const after = (await conversationThreadEntity.get({ agencyName: agency, threadKey: naKey }).go()).data!;
    expect(after.version).toBe(before.version);
    expect(after.assignment).toEqual(before.assignment);
    const notBoolean = await assign({ id: naId, other_talent: 'yes', assignments: [{ contact_email: EVE, campaign_id: 'glow-q1' }] });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.error).toBe('other_talent must be true or false');
  });
});
