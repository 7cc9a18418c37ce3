import { TIMING } from '../../../../../shared/constants';
import type { Campaign, DriveHealth } from '../api/campaign-types';

/** Statuses that change on their own server-side, so the list polls fast while one is present. */
export const isTransient = (campaign: Pick<Campaign, 'status'>): boolean =>
  campaign.status === 'pending' || campaign.status === 'deleting';

export const campaignsRefetchInterval = (campaigns: readonly Pick<Campaign, 'status'>[] | undefined): number =>
  campaigns?.some(isTransient) ? TIMING.polling.fastMs : TIMING.polling.normalMs;

export type HealthQueryState = { status: 'pending' | 'error' | 'success'; data: Pick<DriveHealth, 'healthy'> | undefined };

export const driveHealthRefetchInterval = ({ status, data }: HealthQueryState): number | false => {
  if (status === 'error') return TIMING.driveHealthPoll.failedMs;
  if (data && !data.healthy) return TIMING.driveHealthPoll.unhealthyMs;
  return false;
};
