import { useId, useMemo, useState } from 'react';
import { CONTACT_SEARCH_MAX } from '../../../../../shared/schemas/campaigns';
import type { ConversationJson } from '../../../../../shared/schemas/conversations';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { SEARCH_DEBOUNCE_MS, useContactSuggestions } from '../../contacts/api/search-contacts';
import { queueText } from '../lib/queue-text';

type Candidate = ConversationJson['candidates'][number];

/** A candidate or a searched talent, as one key (a talent of one campaign). */
export const candidateKey = (talent: Candidate) => `${talent.campaign_id}:${talent.contact_email}`;

/**
 * "Another talent": a search over the agency's tracked talents (the server's contact search, a
 * moment after typing stops), one of them chosen with a radio button, then assigned. The
 * assignment says the person picked outside the candidates (other_talent), which the server
 * requires for a talent the rules did not offer.
 */
export const AssignOtherTalent = ({
  subject,
  busy,
  pending,
  onAssign,
}: {
  subject: string;
  busy: boolean;
  pending: boolean;
  onAssign: (talent: Candidate) => void;
}) => {
  const base = useId();
  const inputId = `${base}-search`;
  const [text, setText] = useState('');
  const [chosenKey, setChosenKey] = useState('');
  const [missing, setMissing] = useState(false);
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const suggestions = useContactSuggestions(q);
  // Only tracked talents: an assignment to a paused one is refused (turn tracking on first).
  const talents = useMemo<Candidate[]>(
    () =>
      Object.values(suggestions.data?.contacts ?? {})
        .filter((contact) => contact.tracking)
        .map((contact) => ({ contact_email: contact.email, talent_name: contact.talent_name, campaign_id: contact.campaign_id, campaign_name: contact.campaign_name })),
    [suggestions.data],
  );
  const chosen = talents.find((talent) => candidateKey(talent) === chosenKey);
  const settled = suggestions.isSuccess && !suggestions.isPlaceholderData;

  return (
    <div role="group" aria-label={queueText.otherTalentLabel(subject)} data-testid="assign-other-talent" className="space-y-2 rounded-md border border-slate-200 p-3">
      <Label htmlFor={inputId}>{queueText.otherTalentSearch}</Label>
      <Input
        id={inputId}
        type="search"
        autoComplete="off"
        spellCheck={false}
        maxLength={CONTACT_SEARCH_MAX}
        placeholder={queueText.otherTalentPlaceholder}
        value={text}
        disabled={busy}
        onChange={(event) => setText(event.target.value)}
      />
      {talents.length === 0 ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
          {settled ? (
            queueText.otherTalentNone
          ) : (
            <>
              <Spinner size="sm" />
              {queueText.otherTalentSearching}
            </>
          )}
        </p>
      ) : (
        <ul className="max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
          {talents.map((talent) => {
            const key = candidateKey(talent);
            const radioId = `${base}-${key}`;
            return (
              <li key={key} className="flex items-center gap-3 px-3 py-2">
                <input
                  id={radioId}
                  type="radio"
                  name={`${base}-talent`}
                  className="h-4 w-4 border-slate-300 text-indigo-600 focus:ring-indigo-500"
                  checked={chosenKey === key}
                  disabled={busy}
                  onChange={() => {
                    setChosenKey(key);
                    setMissing(false);
                  }}
                />
                <label htmlFor={radioId} className="min-w-0 flex-1 text-sm break-words text-slate-800">
                  <span className="font-medium">{queueText.otherTalentOption(talent.talent_name.trim() || talent.contact_email, talent.campaign_name || talent.campaign_id)}</span>
                  {talent.talent_name.trim() ? <span className="block text-xs break-all text-slate-500">{talent.contact_email}</span> : null}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          size="sm"
          loading={pending}
          disabled={busy}
          onClick={() => {
            if (chosen) onAssign(chosen);
            else setMissing(true);
          }}
        >
          {pending ? queueText.assigning : queueText.assignOther}
        </Button>
        {missing ? (
          <p role="alert" className="text-sm text-red-600">
            {queueText.chooseOtherTalent}
          </p>
        ) : null}
      </div>
    </div>
  );
};
