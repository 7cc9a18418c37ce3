import type { AttributionReason, AutoReplyKind, DateKind, FeeState, FeeUnit } from '../../../shared/schemas/conversations';

/**
 * The shapes the conversation rules work on: plain data, no store or API types, so the rules
 * are pure functions that the fixtures can score without a model or a database.
 */

/** A tracked talent in one campaign. */
export type ContactLite = {
  email: string;
  talentName: string;
  /** social handle, e.g. "@mayacooks" ('' when unknown) */
  handle: string;
  /** the Manager cell as written: an address, a name, "Name (Company)", "Name <address>" or '' */
  emailOwner: string;
  /** the valid address in the Manager cell, normalised ('' when none: shared/manager.ts) */
  managerAddress: string;
  /** the manager's display name from the Manager cell ('' when none) */
  managerName: string;
  campaignId: string;
  trackingEnabled: boolean;
};

export type CampaignLite = {
  campaignId: string;
  campaignName: string;
  projectName: string;
  clientName: string;
  /** the brand's mail domain, e.g. "glowskin.com" ('' when unknown) */
  clientDomain: string;
  /** addresses a person marked as the client's */
  clientAddresses: string[];
};

export type AddressLite = { email: string; name?: string };

/** One message as the rules see it (one per RFC Message-ID, whatever mailboxes hold copies). */
export type RuleMessage = {
  messageId: string;
  /** ms since epoch */
  sentAt: number;
  from?: AddressLite;
  to: AddressLite[];
  cc: AddressLite[];
  subject: string;
  /** the sender's own words: no quoted history, no forwarded blocks, no signature */
  ownText: string;
  autoReply: AutoReplyKind;
};

/** Who is who for one agency. */
export type AgencyDirectory = {
  /** staff addresses (members and connected mailboxes), lower-case */
  staff: Set<string>;
  /** the agency's own mail domains (e.g. the staff's Workspace domain) */
  staffDomains: Set<string>;
  contacts: ContactLite[];
  campaigns: CampaignLite[];
  /** hashes of the talents the agency erased (talents/erased.ts): their mail is skipped */
  erased?: Set<string>;
};

export type AttributionTarget = {
  contactEmail: string;
  campaignId: string;
  reason: Exclude<AttributionReason, 'none'>;
  /** false when the talent is in several campaigns and the mail names none of them */
  campaignConfirmed: boolean;
  /** what the rules saw, for staff: "maya@x.com takes part", 'jane@x.com wrote; named "Maya" in the subject' */
  evidence?: string;
};

export type Attribution =
  | { kind: 'attributed'; targets: AttributionTarget[] }
  | { kind: 'none' }
  | {
      kind: 'needs_assignment';
      /** the managers whose mail it is */
      managers: string[];
      /** their tracked talents, each in each campaign */
      candidates: { contactEmail: string; campaignId: string }[];
    };

/** A person's assignment of a needs-assignment conversation; sticks for later messages. */
export type PersonAssignment = { contactEmail: string; campaignId: string }[];

/** What the model read in one message, after quote verification and normalisation. */
export type FeeFact = {
  amount: number;
  currency: string;
  unit: FeeUnit;
  vatIncluded: boolean | null;
  state: FeeState;
  quote: string;
  messageId: string | null;
  setBy: 'model' | 'person';
};

export type DateFact = {
  /** YYYY-MM-DD */
  date: string;
  kind: DateKind;
  quote: string;
  messageId: string | null;
  setBy: 'model' | 'person';
};
