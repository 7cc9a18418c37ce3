import { beforeEach, describe, expect, it, vi } from 'vitest';
import { taskScope } from '../session/resolve';
import { logger } from '../logger';
import { AUDIT_TEXT_MAX, asAuditValue, recordAudit, REDACTED, safeChanges } from './record';
import { correctionChanges } from './conversation-changes';
import { settingsChanges } from './settings-changes';
import type { ConversationJson } from '../../../shared/schemas/conversations';
import { SETTINGS_DEFAULTS, type Settings } from '../settings/store';

const written: Record<string, unknown>[] = [];
const failWrite = { next: false };
vi.mock('../store/entities/audit-event', () => ({
  auditEventEntity: {
    create: (item: Record<string, unknown>) => ({
      go: async () => {
        if (failWrite.next) throw new Error('ProvisionedThroughputExceededException');
        written.push(item);
        return { data: item };
      },
    }),
  },
}));
vi.mock('./retention', () => ({ auditRetentionDays: async (agencyName: string) => (agencyName === 'short' ? 30 : 400) }));

const scope = taskScope('glow', 'maya@brightwave-agency.com');
const AT = new Date('2026-11-28T10:00:00.000Z');

describe('recordAudit', () => {
  beforeEach(() => {
    written.length = 0;
    failWrite.next = false;
  });

  it('writes who, when, what and the changed fields, expiring after the agency retention', async () => {
    await recordAudit(scope, { kind: 'contact.tracking', campaignId: 'glow-q1', contactEmail: 'ana@example.com', changes: [{ field: 'tracking', before: true, after: false }] }, AT);
    expect(written).toHaveLength(1);
    const item = written[0]!;
    expect(item).toMatchObject({
      agencyName: 'glow',
      actor: 'maya@brightwave-agency.com',
      at: '2026-11-28T10:00:00.000Z',
      kind: 'contact.tracking',
      campaignId: 'glow-q1',
      contactEmail: 'ana@example.com',
      expiresAt: '2028-01-02T10:00:00.000Z',
      expires_at_epoch: Date.parse('2028-01-02T10:00:00.000Z') / 1000,
    });
    expect(JSON.parse(item.changes as string)).toEqual([{ field: 'tracking', before: true, after: false }]);
    expect(item.id).toMatch(/^[a-f0-9]{12}$/);

    await recordAudit(taskScope('short', 'maya@brightwave-agency.com'), { kind: 'settings.reset' }, AT);
    expect(written[1]).toMatchObject({ campaignId: '', contactEmail: '', expiresAt: '2026-12-28T10:00:00.000Z', changes: '[]' });
  });

  it('never fails the change it records: a failed write is logged as an error and dropped', async () => {
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    failWrite.next = true;
    await expect(recordAudit(scope, { kind: 'campaign.delete', campaignId: 'glow-q1' }, AT)).resolves.toBeUndefined();
    expect(written).toEqual([]);
    expect(errors).toHaveBeenCalledWith('audit event not recorded', { agencyName: 'glow', kind: 'campaign.delete', error: 'ProvisionedThroughputExceededException' });
    errors.mockRestore();
  });
});

describe('safeChanges', () => {
  it('never keeps a secret, a token or a message body, by field name or by the look of the value', () => {
    const key = `sk-proj-${'a1B2'.repeat(12)}`;
    expect(
      safeChanges([
        { field: 'api_key', before: null, after: key },
        { field: 'refresh_token', before: 'old', after: 'new' },
        { field: 'body', before: null, after: 'Hi Maya, our rate is…' },
        { field: 'note', before: null, after: `see ${key}` },
        { field: 'status', before: 'replied', after: 'negotiating' },
      ]),
    ).toEqual([
      { field: 'api_key', before: null, after: REDACTED },
      { field: 'refresh_token', before: REDACTED, after: REDACTED },
      { field: 'body', before: null, after: REDACTED },
      { field: 'note', before: null, after: REDACTED },
      { field: 'status', before: 'replied', after: 'negotiating' },
    ]);
  });

  it('drops fields that did not change and cuts long text', () => {
    const long = 'word '.repeat(100);
    const [cut, ...rest] = safeChanges([
      { field: 'talent_name', before: null, after: long },
      { field: 'tracking', before: true, after: true },
      { field: 'from_addresses', before: ['a@x.com'], after: ['a@x.com'] },
    ]);
    expect(rest).toEqual([]);
    expect((cut!.after as string).length).toBe(AUDIT_TEXT_MAX);
    expect(cut!.after).toMatch(/…$/);
  });

  it('keeps only scalars and lists of strings: anything else is written as JSON text', () => {
    expect(asAuditValue(undefined)).toBeNull();
    expect(asAuditValue(['a', 'b'])).toEqual(['a', 'b']);
    expect(asAuditValue({ amount: 900 })).toBe('{"amount":900}');
  });
});

describe('settingsChanges', () => {
  it('names each changed setting by its section and field, before → after', () => {
    const before = structuredClone(SETTINGS_DEFAULTS) as unknown as Settings;
    const after = structuredClone(before);
    after.monitoring_config.hours_to_check = 12;
    after.model_config.thread_summary.model = 'gpt-5';
    expect(settingsChanges(before, after)).toEqual([
      { field: 'model_config.thread_summary.model', before: SETTINGS_DEFAULTS.model_config.thread_summary.model, after: 'gpt-5' },
      { field: 'monitoring_config.hours_to_check', before: SETTINGS_DEFAULTS.monitoring_config.hours_to_check, after: 12 },
    ]);
    expect(settingsChanges(before, after, ['monitoring_config'])).toHaveLength(1);
  });
});

describe('correctionChanges', () => {
  const conversation = (status: ConversationJson['status']) =>
    ({ status, whose_turn: 'agency', dates: [{ date: '2026-03-01', kind: 'go_live', quote: 'live on the 1st', message_id: null, set_by: 'model' }], fees: [] }) as unknown as ConversationJson;

  it('records the sent fields before → after, dates without their quotes, a confirmed or handed-back value as such', () => {
    expect(correctionChanges({ status: 'negotiating' }, conversation('replied'), conversation('negotiating'))).toEqual([{ field: 'status', before: 'replied', after: 'negotiating' }]);
    expect(correctionChanges({ status: 'replied' }, conversation('replied'), conversation('replied'))).toEqual([{ field: 'status', before: 'replied', after: 'replied (confirmed)' }]);
    expect(correctionChanges({ dates: null }, conversation('replied'), conversation('replied'))).toEqual([{ field: 'dates', before: ['2026-03-01 go_live'], after: '2026-03-01 go_live (back to automatic)' }]);
  });
});
