import type { CampaignBody, EmailBody, IntervalBody, ThreadBody } from '../../../shared/schemas/processing';
import { NotFound } from '../http/errors';
import type { AgencyScope } from '../session/resolve';
import { campaignEntity } from '../store/entities/campaign';
import { contactsByEmail } from '../campaigns/contact-store';
import { connectedMailboxes } from './agency-context';
import { startJob } from './jobs';

/** The four process calls: check what the scope names exists in this agency, then start the job. */
export type Started = { success: true; task_id: string; message: string };

const started = ({ jobId, message }: { jobId: string; message: string }): Started => ({ success: true, task_id: jobId, message });

export const startInterval = async (scope: AgencyScope, body: IntervalBody): Promise<Started> =>
  started(await startJob(scope.agencyName, { kind: 'interval', start_date: body.start_date, end_date: body.end_date }, { startedBy: scope.email }));

export const startEmail = async (scope: AgencyScope, body: EmailBody): Promise<Started> => {
  // Tracked in any of the talent's campaigns.
  const contacts = await contactsByEmail(scope.agencyName, body.email);
  if (!contacts.some((contact) => contact.trackingEnabled)) throw new NotFound(`${body.email} is not a tracked contact of this agency`);
  return started(await startJob(scope.agencyName, { kind: 'email', email: body.email }, { startedBy: scope.email }));
};

export const startCampaign = async (scope: AgencyScope, body: CampaignBody): Promise<Started> => {
  const { data: campaign } = await campaignEntity.get({ agencyName: scope.agencyName, campaignId: body.campaign_id }).go();
  if (!campaign || campaign.status === 'deleting') throw new NotFound(`Campaign "${body.campaign_id}" not found`);
  return started(await startJob(scope.agencyName, { kind: 'campaign', campaign_id: campaign.campaignId }, { startedBy: scope.email, campaignName: campaign.campaignName }));
};

export const startThread = async (scope: AgencyScope, body: ThreadBody): Promise<Started> => {
  if (body.mailbox && !(await connectedMailboxes(scope.agencyName)).includes(body.mailbox)) {
    throw new NotFound(`${body.mailbox} is not a connected mailbox of this agency`);
  }
  return started(
    await startJob(scope.agencyName, { kind: 'thread', thread_id: body.thread_id.toLowerCase(), ...(body.mailbox ? { mailbox: body.mailbox } : {}) }, { startedBy: scope.email }),
  );
};

/**
 * POST /api/v3/sheets/resync: a sheets-only job that rewrites every campaign's outreach tracker
 * and campaigns-tracker row (a job, not inline: it takes the agency's lock, so it never writes a
 * sheet while a processing job does, shows on the status bar, retries, and ends with a warning
 * when the sheets cannot be written).
 */
export const startSheetsResync = async (scope: AgencyScope): Promise<Started> =>
  started(await startJob(scope.agencyName, { kind: 'sheets', all: true }, { startedBy: scope.email }));
