import { describe, expect, it } from 'vitest';
import { operationLabel, startedMessage } from './labels';

describe('a job label', () => {
  it('names a campaign job by the campaign name people know it by, and by its id when it has none', () => {
    const scope = { kind: 'campaign' as const, campaign_id: 'glow-uk-spring' };
    expect(operationLabel(scope, 'Glow Spring Launch')).toBe('Processing campaign Glow Spring Launch');
    expect(startedMessage(scope, 'Glow Spring Launch')).toBe('Processing all emails for campaign glow-uk-spring (Glow Spring Launch)');
    expect(operationLabel(scope)).toBe('Processing campaign glow-uk-spring');
    expect(operationLabel(scope, '  ')).toBe('Processing campaign glow-uk-spring');
  });
});
