import type { DataChanges, PulseTopic } from '../../../shared/schemas/processing';
import { agencyPulseEntity } from './entities/agency-pulse';
import { nowIso } from './keys';

const NO_CHANGES: DataChanges = { conversations: 0, contacts: 0, campaigns: 0 };

/** Counts one change of each topic for the agency (an upsert: the first change creates the item). */
export const raisePulse = async (agencyName: string, ...topics: PulseTopic[]): Promise<void> => {
  if (topics.length === 0) return;
  const add = Object.fromEntries(topics.map((topic) => [topic, 1])) as Partial<DataChanges>;
  await agencyPulseEntity.update({ agencyName }).add(add).set({ changedAt: nowIso() }).go({ response: 'none' });
};

/** The agency's counters (all 0 before its first change); an eventually consistent read, as a poll is. */
export const readPulse = async (agencyName: string): Promise<DataChanges> => {
  const { data } = await agencyPulseEntity.get({ agencyName }).go();
  return data ? { conversations: data.conversations ?? 0, contacts: data.contacts ?? 0, campaigns: data.campaigns ?? 0 } : NO_CHANGES;
};
