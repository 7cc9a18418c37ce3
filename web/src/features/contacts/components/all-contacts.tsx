import { useMemo, useState } from 'react';
import { messages } from '../../../../../shared/messages';
import { contactMapKey } from '../../../../../shared/schemas/campaigns';
import { Banner } from '../../../components/ui/banner';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { SelectOption } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import type { Contact } from '../api/contact-types';
import { filterContacts, toContactFilters } from '../lib/filters';
import { groupContacts } from '../lib/grouping';
import { contactText } from '../messages';
import { ContactFilters, type ContactFilterValues } from './contact-filters';
import { ContactRow } from './contact-row';

const text = messages.contacts;

export type AllContactsProps = {
  /** The listing's pages loaded so far, or the search's matches loaded so far. */
  contacts: readonly Contact[];
  /** The agency has no contact at all: the spec's empty text, no filter bar. */
  empty: boolean;
  search: string;
  onSearchChange: (search: string) => void;
  /** A search's answer is on its way: what is shown is the last one's, or nothing yet. */
  searching: boolean;
  /** Why the search failed, when it did. */
  searchError?: string;
  campaignOptions: readonly SelectOption[];
  campaignNames: ReadonlyMap<string, string>;
};

export const AllContacts = ({ contacts, empty, search, onSearchChange, searching, searchError, campaignOptions, campaignNames }: AllContactsProps) => {
  const [filters, setFilters] = useState<ContactFilterValues>({ campaign: 'all', tracking: 'all' });
  const groups = useMemo(
    () => groupContacts(filterContacts(contacts, toContactFilters(filters.campaign, filters.tracking)), campaignNames),
    [contacts, filters, campaignNames],
  );

  const list = () => {
    if (searchError) return <Banner variant="error">{searchError}</Banner>;
    if (groups.length === 0) return searching ? null : <p className="py-6 text-center text-sm text-slate-500">{contactText.noMatches}</p>;
    return groups.map((group) => (
      <section key={group.key} aria-label={group.label} data-testid="contact-group">
        <h3 className="flex items-center gap-2 border-b border-slate-100 pb-2 text-sm font-semibold text-slate-800">
          {group.label}
          <span className="font-normal text-slate-500">{contactText.groupCount(group.contacts.length)}</span>
        </h3>
        <ul className="mt-2 space-y-2 sm:mt-0 sm:space-y-0 sm:divide-y sm:divide-slate-100">
          {group.contacts.map((contact) => (
            <ContactRow key={contactMapKey(contact.campaign_id, contact.email)} contact={contact} />
          ))}
        </ul>
      </section>
    ));
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.allContacts}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {empty ? (
          <p className="py-6 text-center text-sm text-slate-500">{text.empty}</p>
        ) : (
          <>
            <ContactFilters search={search} onSearchChange={onSearchChange} values={filters} onChange={setFilters} campaignOptions={campaignOptions} />
            {/* Always present, so the answer's arrival is announced; the last answer stays shown meanwhile. */}
            <p role="status" className={cn('flex items-center gap-2 text-sm text-slate-500', !searching && 'sr-only')}>
              {searching ? (
                <>
                  <Spinner size="sm" />
                  {contactText.searching}
                </>
              ) : null}
            </p>
            <div aria-busy={searching}>{list()}</div>
          </>
        )}
      </CardContent>
    </Card>
  );
};
