import { describe, expect, it } from 'vitest';
import { MODEL_CHOICES } from './constants';
import { isChatModel, isRetired, modelChoices, modelFamily, recommendedFor, recommendedReplacement, shutdownOf, successorFor } from './model-catalog';

const BEFORE = Date.parse('2026-11-23T12:00:00Z');
const AFTER_GPT5 = Date.parse('2026-12-11T00:00:00Z');
const AFTER_GPT41 = Date.parse('2027-01-14T00:00:00Z');

describe('model catalog', () => {
  it('knows every model the spec offers, and tells chat models from the rest', () => {
    for (const id of MODEL_CHOICES) expect(modelFamily(id), id).toBeDefined();
    expect(['gpt-5.4-nano', 'gpt-5.5', 'o4-mini', 'gpt-4o-mini', 'gpt-5-nano-2025-08-07'].every(isChatModel)).toBe(true);
    expect(['text-embedding-3-small', 'whisper-1', 'gpt-4o-mini-transcribe', 'gpt-4o-audio-preview', 'dall-e-3', 'gpt-5-codex', 'gpt-5-pro'].some(isChatModel)).toBe(false);
  });

  it('retires gpt-5* on 2026-12-11 and gpt-4.1* on 2027-01-14 (UTC), snapshots with their alias', () => {
    expect(isRetired('gpt-5-nano', BEFORE)).toBe(false);
    expect(isRetired('gpt-5-nano', AFTER_GPT5 - 1)).toBe(false);
    expect(isRetired('gpt-5-nano', AFTER_GPT5)).toBe(true);
    expect(isRetired('gpt-5-nano-2025-08-07', AFTER_GPT5)).toBe(true);
    expect(isRetired('gpt-4.1-mini', AFTER_GPT5)).toBe(false);
    expect(isRetired('gpt-4.1-mini', AFTER_GPT41)).toBe(true);
    expect(isRetired('gpt-5.4-mini', AFTER_GPT41)).toBe(false);
  });

  it("moves a retired model to the newest replacement OpenAI's deprecations page recommends", () => {
    expect(successorFor('gpt-5-nano', 'individual_message_summary', AFTER_GPT5)).toBe('gpt-6-luna');
    expect(successorFor('gpt-5-mini', 'thread_summary', AFTER_GPT5)).toBe('gpt-6.1-terra');
    expect(successorFor('gpt-5', 'thread_summary', AFTER_GPT5)).toBe('gpt-6.1-sol');
    expect(successorFor('gpt-4.1-mini', 'thread_summary', AFTER_GPT41)).toBe('gpt-6-luna');
    // no second migration: gpt-6-luna has no shutdown announced, unlike gpt-5.4-nano (2027-04-01)
    expect(successorFor('gpt-5-nano', 'individual_message_summary', Date.parse('2027-04-02T00:00:00Z'))).toBe('gpt-6-luna');
    // a model the table does not know goes to the purpose's recommended successor
    expect(successorFor('ft:gpt-custom', 'campaign_aggregation', BEFORE)).toBe('gpt-6-luna');
  });

  it('never picks a replacement that shuts down sooner than the model it replaces', () => {
    // Say the list announces gpt-6-luna for 2026-12-01, before gpt-5-nano's 2026-12-11: the
    // page's older recommendation, which lives longer, is used instead.
    const listed = { 'gpt-6-luna': '2026-12-01', 'gpt-5.6-luna': null };
    expect(recommendedReplacement('gpt-5-nano', BEFORE, listed)).toBe('gpt-5.6-luna');
    expect(successorFor('gpt-5-nano', 'individual_message_summary', AFTER_GPT5, listed)).toBe('gpt-5.6-luna');
  });

  it("reads each model's shutdown date from the key's models list, the table when the list has none", () => {
    expect(shutdownOf('gpt-5-nano')).toBe('2026-12-11');
    expect(shutdownOf('gpt-5-nano', { 'gpt-5-nano': '2026-12-01' })).toBe('2026-12-01');
    expect(shutdownOf('gpt-5-nano-2025-08-07', { 'gpt-5-nano': '2026-12-01' })).toBe('2026-12-01');
    expect(shutdownOf('gpt-5-nano', { 'gpt-6-luna': null })).toBe('2026-12-11');
    expect(isRetired('gpt-6-luna', AFTER_GPT41, { 'gpt-6-luna': '2027-01-01' })).toBe(true);
    expect(isRetired('gpt-6-luna', AFTER_GPT41)).toBe(false);
  });

  it("recommends the spec's defaults while they live, then their successors", () => {
    expect(recommendedFor('gpt-5-nano', BEFORE)).toEqual(['individual_message_summary']);
    expect(recommendedFor('gpt-4.1-mini', BEFORE)).toEqual(['thread_summary']);
    expect(recommendedFor('gpt-5-nano', AFTER_GPT5)).toEqual([]);
    expect(recommendedFor('gpt-6-luna', AFTER_GPT5)).toEqual(['individual_message_summary']);
  });

  it('offers the live chat aliases of a models.list, recommended first', () => {
    const ids = ['whisper-1', 'gpt-5-nano', 'gpt-5-nano-2025-08-07', 'gpt-4.1-mini', 'gpt-6-luna', 'text-embedding-3-small'];
    expect(modelChoices(ids, BEFORE).map((m) => m.id)).toEqual(['gpt-4.1-mini', 'gpt-5-nano', 'gpt-6-luna']);
    const after = modelChoices(ids, AFTER_GPT5);
    expect(after.map((m) => m.id)).toEqual(['gpt-4.1-mini', 'gpt-6-luna']);
    expect(after.find((m) => m.id === 'gpt-4.1-mini')).toMatchObject({ shutdown_on: '2027-01-14', successor: 'gpt-6-luna', retired: false });
  });
});
