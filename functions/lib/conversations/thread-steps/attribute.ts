import type { MailMessageItem } from '../../store/entities/mail-message';
import { applyAttribution, type AttributionPlan } from '../apply-attribution';
import { fromParsed, fromStored } from '../rule-messages';
import { messageSide, reachesOtherSide } from '../rules/sides';
import type { AgencyDirectory, RuleMessage } from '../types';
import type { FiledThread } from './types';

/** What decides a message's side: the directory as it is now and the campaigns the thread is for. */
export type SideContext = { directory: AgencyDirectory; campaignIds: string[] };

export type Attributed = { plan: AttributionPlan; ruleMessages: RuleMessage[]; sideContext: SideContext; resided: MailMessageItem[] };

/**
 * Step 3, attribute: which talents and campaigns the thread is about (applyAttribution.plan, from
 * every message the thread holds plus the fresh ones), and which stored messages change side
 * under the directory as it is now (a client address marked since, a contact added).
 */
export const attribute = async (directory: AgencyDirectory, filed: FiledThread): Promise<Attributed> => {
  const ruleMessages = [...[...filed.storedMessages.values()].map(fromStored), ...filed.fresh.map(fromParsed)].sort((a, b) => a.sentAt - b.sentAt);
  const plan = await applyAttribution.plan(directory, ruleMessages, filed.stored);
  const sideContext = { directory, campaignIds: plan.campaignIds };
  const resided = [...filed.storedMessages.values()].filter((m) => {
    const rule = fromStored(m);
    return messageSide(rule, sideContext) !== m.side || reachesOtherSide(rule, sideContext) !== (m.toOtherSide ?? false);
  });
  return { plan, ruleMessages, sideContext, resided };
};
