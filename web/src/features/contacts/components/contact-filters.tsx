import { Search } from 'lucide-react';
import { CONTACT_SEARCH_MAX } from '../../../../../shared/schemas/campaigns';
import { Input } from '../../../components/ui/input';
import { Select, type SelectOption } from '../../../components/ui/select';
import { messages } from '../../../../../shared/messages';
import type { TrackingFilterValue } from '../lib/filters';
import { contactText } from '../messages';

export type ContactFilterValues = { campaign: string; tracking: TrackingFilterValue };

const TRACKING_OPTIONS: SelectOption[] = [
  { value: 'all', label: contactText.allTracking },
  { value: 'tracking', label: messages.contacts.tracking },
  { value: 'paused', label: messages.contacts.paused },
];

export type ContactFiltersProps = {
  /** The search text as typed: the server searches it (a moment after typing stops). */
  search: string;
  onSearchChange: (search: string) => void;
  values: ContactFilterValues;
  onChange: (values: ContactFilterValues) => void;
  campaignOptions: readonly SelectOption[];
};

export const ContactFilters = ({ search, onSearchChange, values, onChange, campaignOptions }: ContactFiltersProps) => (
  <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
    <div className="relative w-full sm:w-auto sm:min-w-56 sm:flex-1">
      <Search className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-slate-400" aria-hidden="true" />
      <Input
        type="search"
        aria-label={contactText.searchLabel}
        placeholder={contactText.searchPlaceholder}
        value={search}
        // The server refuses a longer search; the box never sends one.
        maxLength={CONTACT_SEARCH_MAX}
        onChange={(event) => onSearchChange(event.target.value)}
        className="pl-9"
      />
    </div>
    <Select
      aria-label={contactText.campaignFilterLabel}
      value={values.campaign}
      onValueChange={(campaign) => onChange({ ...values, campaign })}
      options={[{ value: 'all', label: contactText.allCampaigns }, ...campaignOptions]}
      className="w-full sm:w-56"
    />
    <Select
      aria-label={contactText.trackingFilterLabel}
      value={values.tracking}
      onValueChange={(tracking) => onChange({ ...values, tracking: tracking as TrackingFilterValue })}
      options={TRACKING_OPTIONS}
      className="w-full sm:w-40"
    />
  </div>
);
