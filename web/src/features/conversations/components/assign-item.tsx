import { UserCheck, UserSearch } from 'lucide-react';
import { useId, useState } from 'react';
import { assignBody, type ConversationJson } from '../../../../../shared/schemas/conversations';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/input';
import { notify } from '../../../components/ui/notifications';
import { errorMessage } from '../../../lib/api-client';
import { useAssignConversation } from '../api/assign-conversation';
import { formatDateTime } from '../lib/format';
import { queueText } from '../lib/queue-text';
import { AssignOtherTalent, candidateKey } from './assign-other-talent';
import { GmailThreadLinks } from './timeline-gmail-links';

type Candidate = ConversationJson['candidates'][number];

const DISMISS = '~none-of-these';
const OTHER = '~another-talent';

const candidateName = (candidate: Candidate) => candidate.talent_name.trim() || candidate.contact_email;

/**
 * A needs-assignment conversation: what it says, and its candidates, each with a one-click
 * assign button; ticking several and "Assign selected" gives it to all of them. "Another talent"
 * searches every tracked talent of the agency, for mail the rules matched to the wrong people;
 * that assignment says so (other_talent), as the server requires for a talent it did not offer.
 */
export const AssignItem = ({ conversation }: { conversation: ConversationJson }) => {
  const assign = useAssignConversation();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [otherOpen, setOtherOpen] = useState(false);
  const base = useId();
  const errorId = `${base}-error`;

  const submit = async (candidates: readonly Candidate[], marker: string) => {
    setError(undefined);
    const dismiss = marker === DISMISS;
    const parsed = assignBody.safeParse({
      id: conversation.id,
      assignments: candidates.map((candidate) => ({ contact_email: candidate.contact_email, campaign_id: candidate.campaign_id })),
      ...(dismiss ? { dismiss } : {}),
      ...(marker === OTHER ? { other_talent: true } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setPending(marker);
    try {
      await assign.mutateAsync(parsed.data);
      notify(
        dismiss
          ? { type: 'success', title: queueText.dismissedTitle, message: queueText.dismissed }
          : { type: 'success', title: queueText.assignedTitle, message: queueText.assigned(candidates.map(candidateName).join(', ')) },
      );
    } catch (failure) {
      const message = errorMessage(failure, queueText.assignFailed);
      setError(message);
      notify({ type: 'error', title: queueText.assignFailedTitle, message });
    } finally {
      setPending(null);
    }
  };

  const toggle = (key: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(key);
      else next.delete(key);
      return next;
    });

  const chosen = conversation.candidates.filter((candidate) => selected.has(candidateKey(candidate)));
  const busy = pending !== null;
  const when = formatDateTime(conversation.last_inbound_at ?? conversation.updated_at);

  return (
    <li data-testid="assign-item" data-conversation-id={conversation.id} className="space-y-3 py-4">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">{conversation.subject || queueText.noSubject}</p>
        {conversation.summary ? <p className="mt-1 text-sm break-words text-slate-600">{conversation.summary}</p> : null}
        <p className="mt-1 text-xs break-words text-slate-500">{[conversation.email_owner, when].filter(Boolean).join(' · ')}</p>
      </div>
      <GmailThreadLinks threads={conversation.threads} />
      {conversation.candidates.length === 0 ? (
        <p className="text-sm text-slate-500">{queueText.noCandidates}</p>
      ) : (
        <div role="group" aria-label={`${queueText.candidates}: ${conversation.subject || queueText.noSubject}`} className="space-y-2">
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{queueText.candidates}</p>
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {conversation.candidates.map((candidate) => {
              const key = candidateKey(candidate);
              const checkboxId = `${base}-${key}`;
              const name = candidateName(candidate);
              return (
                <li key={key} data-testid="assign-candidate" className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2">
                  <input
                    id={checkboxId}
                    type="checkbox"
                    className="h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-500"
                    checked={selected.has(key)}
                    disabled={busy}
                    onChange={(event) => toggle(key, event.target.checked)}
                  />
                  <label htmlFor={checkboxId} className="min-w-0 flex-1 text-sm break-words text-slate-800">
                    <span className="font-medium">{name}</span>
                    <span className="text-slate-500">{` · ${candidate.campaign_name || candidate.campaign_id}`}</span>
                    {candidate.talent_name.trim() ? <span className="block text-xs break-all text-slate-500">{candidate.contact_email}</span> : null}
                  </label>
                  <Button
                    size="sm"
                    variant="outline"
                    loading={pending === key}
                    disabled={busy}
                    aria-label={queueText.assignTo(name, candidate.campaign_name || candidate.campaign_id)}
                    onClick={() => void submit([candidate], key)}
                  >
                    {pending === key ? null : <UserCheck className="h-4 w-4" aria-hidden="true" />}
                    {queueText.assignOne}
                  </Button>
                </li>
              );
            })}
          </ul>
          <div className="flex flex-wrap gap-2">
            {conversation.candidates.length > 1 ? (
              <Button
                size="sm"
                loading={pending === 'selected'}
                disabled={busy}
                aria-describedby={error ? errorId : undefined}
                onClick={() => void submit(chosen, 'selected')}
              >
                {pending === 'selected' ? queueText.assigning : queueText.assignSelected(chosen.length)}
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="outline"
              loading={pending === DISMISS}
              disabled={busy}
              aria-label={queueText.dismissLabel(conversation.subject || queueText.noSubject)}
              onClick={() => void submit([], DISMISS)}
            >
              {queueText.dismiss}
            </Button>
          </div>
        </div>
      )}
      <div>
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          aria-expanded={otherOpen}
          aria-label={queueText.otherTalentLabel(conversation.subject || queueText.noSubject)}
          onClick={() => setOtherOpen((open) => !open)}
        >
          <UserSearch className="h-4 w-4" aria-hidden="true" />
          {queueText.otherTalent}
        </Button>
      </div>
      {otherOpen ? (
        <AssignOtherTalent
          subject={conversation.subject || queueText.noSubject}
          busy={busy}
          pending={pending === OTHER}
          onAssign={(talent) => void submit([talent], OTHER)}
        />
      ) : null}
      <FieldError id={errorId} message={error} />
    </li>
  );
};
