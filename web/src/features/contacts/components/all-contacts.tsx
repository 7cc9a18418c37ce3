import { useMemo, useState } from 'react';
import { messages } from '../../../../../shared/messages';
import { contactMapKey } from '../../../../../shared/schemas/campaigns';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { SelectOption } from '../../../components/ui/select';
import type { Contact } from '../api/contact-types';
import { filterContacts, toContactFilters } from '../lib/filters';
import { groupContacts } from '../lib/grouping';
import { contactText } from '../messages';
import { ContactFilters, type ContactFilterValues } from './contact-filters';
import { ContactRow } from './contact-row';

const text = messages.contacts;

export type AllContactsProps = {
  contacts: readonly Contact[];
  campaignOptions: readonly SelectOption[];
  campaignNames: ReadonlyMap<string, string>;
};

export const AllContacts = ({ contacts, campaignOptions, campaignNames }: AllContactsProps) => {
  const [filters, setFilters] = useState<ContactFilterValues>({ search: '', campaign: 'all', tracking: 'all' });
  const groups = useMemo(
    () => groupContacts(filterContacts(contacts, toContactFilters(filters.search, filters.campaign, filters.tracking)), campaignNames),
    [contacts, filters, campaignNames],
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.allContacts}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {contacts.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">{text.empty}</p>
        ) : (
          <>
            <ContactFilters values={filters} onChange={setFilters} campaignOptions={campaignOptions} />
            {groups.length === 0 ? (
              <p className="py-6 text-center text-sm text-slate-500">{contactText.noMatches}</p>
            ) : (
              groups.map((group) => (
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
              ))
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
};
