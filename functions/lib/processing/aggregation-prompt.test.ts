import { describe, expect, it } from 'vitest';
import { strictSchemaProblem } from '../../../test/emulators/openai/schema-check';
import { scriptedModel, TOKENS_PER_ANSWER } from '../../../test/support/scripted-model';
import { aggregateCampaign, CAMPAIGN_AGGREGATION_SCHEMA } from './aggregation-prompt';

const campaign = { name: 'Holiday Glam', id: 'c-1' };
const rows = [{ talent: 'Finn Dubois', status: 'Confirmed', whoseTurn: 'talent', summary: 'Finn agreed £500.' }];

describe('campaign aggregation: a structured answer parsed with its schema', () => {
  it('sends a strict schema and reads the status line from the parsed answer', async () => {
    expect(strictSchemaProblem(CAMPAIGN_AGGREGATION_SCHEMA.name, CAMPAIGN_AGGREGATION_SCHEMA.schema as never)).toBeUndefined();
    const model = scriptedModel({ summary: ' One talent confirmed. ' });
    const result = await aggregateCampaign(model.call, campaign, rows);
    expect(model.asked[0]).toMatchObject({ purpose: 'campaign_aggregation', schemaName: 'campaign_aggregation' });
    expect(model.asked[0]?.prompt).toContain('Finn Dubois: Confirmed');
    expect(result).toEqual({ summary: 'One talent confirmed.', tokens: TOKENS_PER_ANSWER });
  });

  it('a malformed answer is asked again once, then a failure (no empty status passed off as an answer)', async () => {
    const model = scriptedModel({ status: 'One talent confirmed.' });
    const result = await aggregateCampaign(model.call, campaign, rows);
    expect(model.asked).toHaveLength(2);
    expect(result.summary).toBeUndefined();
    expect(result.failure).toMatchObject({ purpose: 'campaign_aggregation', message: expect.stringContaining('campaign_aggregation') });
  });
});
