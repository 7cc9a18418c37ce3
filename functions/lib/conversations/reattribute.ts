import { conversationThreadEntity } from '../store/entities/conversation-thread';
import { applyAttribution, writeAttribution } from './apply-attribution';
import { loadDirectory } from './directory';
import { conversationChanged } from './recompute';
import { fromStored } from './rule-messages';
import { getMessages } from './store';
import type { AgencyDirectory } from './types';

const MAX_ATTEMPTS = 5;

/**
 * Attribution run again on a stored conversation thread (after a person's assignment, or when
 * contacts changed): no model call, only the rules and the conversations it joins or leaves.
 * The thread is written conditionally on its version; one that changed meanwhile (another
 * assignment, new mail) is read and planned again, a bounded number of times, then 409.
 */
export const reattributeThread = async (agencyName: string, threadKey: string): Promise<{ campaignIds: string[] }> => {
  // Read once: a retry reads the thread and its messages again, not the agency's contacts.
  let directory: AgencyDirectory | undefined;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const { data: stored } = await conversationThreadEntity.get({ agencyName, threadKey }).go({ consistent: true });
    if (!stored) return { campaignIds: [] };
    const [known, messages] = await Promise.all([directory ?? loadDirectory(agencyName), getMessages(agencyName, stored.messageKeys ?? [])]);
    directory = known;
    const rules = [...messages.values()].sort((a, b) => a.sentAt.localeCompare(b.sentAt)).map(fromStored);
    const plan = await applyAttribution.plan(directory, rules, stored);
    const next = await writeAttribution(stored, plan.threadFields);
    if (!next) continue;
    await applyAttribution.commit(agencyName, stored, next);
    return { campaignIds: plan.campaignIds };
  }
  throw conversationChanged();
};
