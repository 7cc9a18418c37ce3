import { useQuery } from '@tanstack/react-query';
import { authStatusQueryOptions } from '../../auth/api/get-auth-status';
import { useAuditEvents } from '../api/list-audit-events';
import { AUDIT_TEXT as text } from '../lib/audit-text';
import { AuditEventList } from './audit-event-list';

/**
 * The latest changes people made about one talent (owners only, like the whole log): the
 * timeline mounts it. The role is read from the session status the startup gate already loaded,
 * never fetched here, so the timeline's own requests come first.
 */
export const TalentActivity = ({ contactEmail, campaignId }: { contactEmail: string; campaignId?: string }) => {
  const { data: status } = useQuery({ ...authStatusQueryOptions(), enabled: false });
  const isOwner = status?.membership_role === 'owner';
  const events = useAuditEvents({ filters: { contact_email: contactEmail, campaign_id: campaignId }, cursor: null, limit: 20 }, { enabled: isOwner });
  if (!isOwner || !events.data) return null;
  return (
    <section aria-label={text.talentTitle} className="mt-6 space-y-2" data-testid="talent-activity">
      <h3 className="text-sm font-semibold text-slate-900">{text.talentTitle}</h3>
      {events.data.events.length ? <AuditEventList events={events.data.events} showTalent={false} /> : <p className="text-sm text-slate-600">{text.talentEmpty}</p>}
    </section>
  );
};
