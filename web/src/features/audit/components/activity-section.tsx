import { Download } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { AUDIT_KINDS, AUDIT_PAGE_SIZE, type AuditFilters } from '../../../../../shared/schemas/audit';
import { AUDIT_RETENTION_DAYS } from '../../../../../shared/schemas/settings';
import { normalizeEmailAddress } from '../../../../../shared/email-address';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input, Label } from '../../../components/ui/input';
import { notify } from '../../../components/ui/notifications';
import { Select, type SelectOption } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useMembership } from '../../auth/api/use-membership';
import { useCampaigns } from '../../campaigns/api/list-campaigns';
import { useMembers } from '../../members/api/list-members';
import { useDownloadAuditCsv } from '../api/download-audit-csv';
import { useAuditEvents } from '../api/list-audit-events';
import { AUDIT_KIND_LABELS, AUDIT_TEXT as text } from '../lib/audit-text';
import { AuditEventList } from './audit-event-list';
import { AuditRetentionField } from './audit-retention-field';

/** The Select refuses empty values: "any" is this one. */
const ANY = '*';
const orAny = (value: string): string | undefined => (value === ANY ? undefined : value);

/** One filter: a label over a select whose first option is "any". */
const FilterSelect = ({ id, label, value, any, options, onChange }: { id: string; label: string; value: string | undefined; any: string; options: readonly SelectOption[]; onChange: (value: string | undefined) => void }) => (
  <div className="min-w-0">
    <Label htmlFor={id}>{label}</Label>
    <Select id={id} value={value ?? ANY} onValueChange={(next) => onChange(orAny(next))} options={[{ value: ANY, label: any }, ...options]} />
  </div>
);

/**
 * Settings → Activity (owners only): the audit log, filtered by person, campaign, talent and
 * kind on the server, a page at a time (older pages by the server's cursor), with its CSV export.
 */
export const ActivitySection = () => {
  const { isOwner } = useMembership();
  return isOwner ? <ActivityLog /> : null;
};

const ActivityLog = () => {
  const [filters, setFilters] = useState<AuditFilters>({});
  const [talentDraft, setTalentDraft] = useState('');
  // The cursors of the pages before this one: "Newer" goes back, "Older" adds the server's next.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const events = useAuditEvents({ filters, cursor, limit: AUDIT_PAGE_SIZE.default });
  const members = useMembers();
  const campaigns = useCampaigns();
  const download = useDownloadAuditCsv();

  const filterBy = (change: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setCursors([null]);
  };
  const onTalent = (event: FormEvent) => {
    event.preventDefault();
    const address = normalizeEmailAddress(talentDraft);
    filterBy({ contact_email: address || undefined });
  };
  const onDownload = () =>
    download.mutate(filters, { onError: (error) => notify({ type: 'error', title: text.downloadFailedTitle, message: errorMessage(error, text.downloadFailed) }) });

  const people = (members.data?.members ?? []).filter((member) => member.status === 'active').map((member) => ({ value: member.email, label: member.name || member.email }));
  const page = events.data;

  return (
    <Card>
      <section aria-label={text.title} id="activity" className="scroll-mt-20">
        <CardHeader>
          <CardTitle>{text.title}</CardTitle>
          <CardDescription>{text.description}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <FilterSelect id="activity-person" label={text.person} value={filters.person} any={text.everyone} options={people} onChange={(person) => filterBy({ person })} />
            <FilterSelect
              id="activity-campaign"
              label={text.campaign}
              value={filters.campaign_id}
              any={text.allCampaigns}
              options={(campaigns.data?.campaigns ?? []).map((campaign) => ({ value: campaign.campaign_id, label: campaign.campaign_name }))}
              onChange={(campaign_id) => filterBy({ campaign_id })}
            />
            <form className="min-w-0" onSubmit={onTalent}>
              <Label htmlFor="activity-talent">{text.talent}</Label>
              <Input id="activity-talent" type="email" inputMode="email" placeholder={text.talentPlaceholder} value={talentDraft} onChange={(event) => setTalentDraft(event.target.value)} onBlur={onTalent} />
            </form>
            <FilterSelect
              id="activity-kind"
              label={text.kind}
              value={filters.kind}
              any={text.allKinds}
              options={AUDIT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] }))}
              onChange={(value) => filterBy({ kind: AUDIT_KINDS.find((kind) => kind === value) })}
            />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" onClick={onDownload} loading={download.isPending}>
              {download.isPending ? null : <Download className="h-4 w-4" aria-hidden="true" />}
              {text.download}
            </Button>
            {Object.values(filters).some(Boolean) ? (
              <Button
                variant="ghost"
                onClick={() => {
                  setTalentDraft('');
                  setFilters({});
                  setCursors([null]);
                }}
              >
                {text.clear}
              </Button>
            ) : null}
          </div>
          {events.isError ? <Banner variant="error">{errorMessage(events.error, text.loadFailed)}</Banner> : null}
          {events.isPending ? <Skeleton className="h-24 w-full" /> : null}
          {page && page.events.length === 0 ? <p className="text-sm text-slate-600">{text.empty}</p> : null}
          {page && page.events.length > 0 ? <AuditEventList events={page.events} /> : null}
          <div className="flex justify-between gap-2">
            <Button variant="outline" disabled={cursors.length < 2} onClick={() => setCursors((current) => current.slice(0, -1))}>
              {text.newer}
            </Button>
            <Button variant="outline" disabled={!page?.next_cursor} onClick={() => page?.next_cursor && setCursors((current) => [...current, page.next_cursor])}>
              {text.older}
            </Button>
          </div>
          <AuditRetentionField bounds={AUDIT_RETENTION_DAYS} />
        </CardContent>
      </section>
    </Card>
  );
};
