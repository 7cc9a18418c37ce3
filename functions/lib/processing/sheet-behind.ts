import { sheetSyncStateEntity } from '../store/entities/sheet-sync-state';
import { bumpSheetsWanted } from './monitor-registry';

/**
 * A campaign's outreach tracker no longer shows what the record says (a conversation, contact or
 * client address changed): one more change for the next sync to write (sheet-sync.ts), and the
 * monitor told once, when the sheet falls behind, so its next check catches it up.
 */
export const markSheetBehind = async (agencyName: string, campaignId: string): Promise<void> => {
  const { data } = await sheetSyncStateEntity.update({ agencyName, campaignId }).add({ wanted: 1 }).go({ response: 'all_new' });
  // It has just fallen behind (after the state moved): the monitor's next check looks at the sync
  // states (monitor-registry.ts). Already behind, the registry was told when it fell behind.
  if ((data?.wanted ?? 1) === (data?.written ?? 0) + 1) await bumpSheetsWanted(agencyName);
};
