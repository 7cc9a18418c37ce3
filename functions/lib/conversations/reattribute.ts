import { conversationThreadEntity } from '../store/entities/conversation-thread';
import { applyAttribution, saveAttribution } from './apply-attribution';
import { loadDirectory } from './directory';
import { fromStored } from './rule-messages';
import { getMessages } from './store';

/**
 * Attribution run again on a stored conversation thread (after a person's assignment, or when
 * contacts changed): no model call, only the rules and the conversations it joins or leaves.
 */
export const reattributeThread = async (agencyName: string, threadKey: string): Promise<{ campaignIds: string[] }> => {
  const { data: stored } = await conversationThreadEntity.get({ agencyName, threadKey }).go({ consistent: true });
  if (!stored) return { campaignIds: [] };
  const [directory, messages] = await Promise.all([loadDirectory(agencyName), getMessages(agencyName, stored.messageKeys ?? [])]);
  const rules = [...messages.values()].sort((a, b) => a.sentAt.localeCompare(b.sentAt)).map(fromStored);
  const plan = await applyAttribution.plan(directory, rules, stored);
  await saveAttribution(agencyName, stored, plan.threadFields);
  return { campaignIds: plan.campaignIds };
};
