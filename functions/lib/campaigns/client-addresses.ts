import { recordAudit } from '../audit/record';
import type { ClientAddressBody } from '../../../shared/schemas/campaigns';
import type { AgencyScope } from '../session/resolve';
import { campaignEntity } from '../store/entities/campaign';
import { markSheetBehind } from '../processing/sheet-behind';
import { writableCampaign } from './contacts';

/**
 * The client's people are agency side: their mail never counts as the talent's reply nor moves
 * whose turn. The campaign's client domain covers most of them; a person marks the others here.
 * Stored messages take the new side at the next processing run of their threads.
 */
export const setClientAddress = async (scope: AgencyScope, input: ClientAddressBody): Promise<string[]> => {
  const campaign = await writableCampaign(scope, input.campaign_id);
  const key = { agencyName: scope.agencyName, campaignId: campaign.campaignId };
  const update = input.client ? campaignEntity.update(key).add({ clientAddresses: [input.email] }) : campaignEntity.update(key).delete({ clientAddresses: [input.email] });
  const { data } = await update.go({ response: 'all_new' });
  await recordAudit(scope, {
    kind: 'campaign.client_address',
    campaignId: campaign.campaignId,
    target: input.email,
    changes: [{ field: 'client', before: (campaign.clientAddresses ?? []).includes(input.email), after: input.client }],
  });
  await markSheetBehind(scope.agencyName, campaign.campaignId);
  return [...(data.clientAddresses ?? [])].sort();
};
