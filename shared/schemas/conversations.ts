/**
 * The conversations API (one record per talent per campaign): request and response shapes
 * shared by the handlers, the sheet sync and the web. No Node imports.
 */
import * as z from 'zod';
import { isEmailAddress, normalizeEmailAddress } from '../email-address';

export const CONVERSATION_STATUSES = ['not_contacted', 'awaiting_reply', 'replied', 'negotiating', 'confirmed', 'declined'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const STATUS_LABELS: Readonly<Record<ConversationStatus, string>> = {
  not_contacted: 'Not contacted',
  awaiting_reply: 'Awaiting reply',
  replied: 'Replied',
  negotiating: 'Negotiating',
  confirmed: 'Confirmed',
  declined: 'Declined',
};

export const TURNS = ['agency', 'talent'] as const;
export type Turn = (typeof TURNS)[number];

/** What one message does in the negotiation, as the model reads it (with a quote). */
export const INTENTS = ['offer', 'counter', 'accept', 'decline', 'question', 'logistics', 'other'] as const;
export type Intent = (typeof INTENTS)[number];

export const DATE_KINDS = ['go_live', 'draft_due', 'deadline', 'event', 'embargo', 'other'] as const;
export type DateKind = (typeof DATE_KINDS)[number];

export const FEE_UNITS = ['per_post', 'per_video', 'bundle', 'total'] as const;
export type FeeUnit = (typeof FEE_UNITS)[number];

export const FEE_STATES = ['quoted', 'countered', 'agreed', 'invoiced'] as const;
export type FeeState = (typeof FEE_STATES)[number];

/** Who wrote a message, seen from the agency. */
export const SIDES = ['agency', 'client', 'talent', 'internal', 'unknown'] as const;
export type Side = (typeof SIDES)[number];

export const AUTO_REPLY_KINDS = ['none', 'auto_reply', 'bounce'] as const;
export type AutoReplyKind = (typeof AUTO_REPLY_KINDS)[number];

/** Why a conversation belongs to its talent. */
export const ATTRIBUTION_REASONS = ['talent_address', 'manager_named', 'manager_only', 'assigned', 'none'] as const;
export type AttributionReason = (typeof ATTRIBUTION_REASONS)[number];

export const CORRECTABLE_FIELDS = ['status', 'whose_turn', 'dates', 'fees'] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];

export const SET_BY = ['model', 'person'] as const;

const iso = z.string();

export const keyDateJson = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  kind: z.enum(DATE_KINDS),
  quote: z.string(),
  message_id: z.string().nullable(),
  set_by: z.enum(SET_BY),
});
export type KeyDateJson = z.infer<typeof keyDateJson>;

export const feeJson = z.object({
  amount: z.number(),
  currency: z.string().length(3),
  unit: z.enum(FEE_UNITS),
  vat_included: z.boolean().nullable(),
  state: z.enum(FEE_STATES),
  quote: z.string(),
  message_id: z.string().nullable(),
  set_by: z.enum(SET_BY),
});
export type FeeJson = z.infer<typeof feeJson>;

export const threadLinkJson = z.object({
  mailbox: z.string(),
  thread_id: z.string(),
  gmail_url: z.string(),
  /** the thread's subject, when the conversation item kept it (absent on items stored before, and from older servers) */
  subject: z.string().optional(),
});

export const candidateJson = z.object({ contact_email: z.string(), talent_name: z.string(), campaign_id: z.string(), campaign_name: z.string() });

export const conversationJson = z.object({
  /** `${campaign_id}:${email}`, or `~na:${thread key}` for a conversation that needs assignment */
  id: z.string(),
  campaign_id: z.string().nullable(),
  campaign_name: z.string(),
  contact_email: z.string().nullable(),
  talent_name: z.string(),
  handle: z.string(),
  email_owner: z.string(),
  tracking: z.boolean(),
  status: z.enum(CONVERSATION_STATUSES),
  whose_turn: z.enum(TURNS).nullable(),
  /** when the current turn began (the message that gave it) */
  turn_since: iso.nullable(),
  last_inbound_at: iso.nullable(),
  last_outbound_at: iso.nullable(),
  message_count: z.number().int(),
  subject: z.string(),
  summary: z.string(),
  next_date: keyDateJson.nullable(),
  dates: z.array(keyDateJson),
  fees: z.array(feeJson),
  latest_fee: feeJson.nullable(),
  attribution: z.object({
    reason: z.enum(ATTRIBUTION_REASONS),
    campaign_confirmed: z.boolean(),
    /** what the rules saw, e.g. 'jane@talentco.com wrote; named "Maya" in the subject' ('' when not kept) */
    evidence: z.string().max(500).optional(),
  }),
  needs_assignment: z.boolean(),
  candidates: z.array(candidateJson),
  follow_up: z.boolean(),
  /** on a list row, the latest thread's copies (one per mailbox); on the detail, every thread's */
  threads: z.array(threadLinkJson),
  /** how many threads the conversation holds (a list row links only the latest) */
  thread_count: z.number().int().nonnegative(),
  corrected_fields: z.array(z.enum(CORRECTABLE_FIELDS)),
  failures: z.array(z.object({ purpose: z.string(), message: z.string(), at: iso })),
  updated_at: iso.nullable(),
});
export type ConversationJson = z.infer<typeof conversationJson>;

export const CONVERSATION_SORTS = [
  'talent',
  'status',
  'turn',
  'waiting',
  'last_inbound',
  'last_outbound',
  'next_date',
  'fee',
  'messages',
  'updated',
] as const;
export type ConversationSort = (typeof CONVERSATION_SORTS)[number];

export const CONVERSATION_PAGE_MAX = 500;

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
const csvOf = <T extends readonly [string, ...string[]]>(values: T, field: string) =>
  z
    .string()
    .trim()
    .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values, { error: `${field} must be one of ${values.join(', ')}` })));

export const conversationListQuery = z.object({
  campaign_id: z.string().trim().min(1).max(64).optional(),
  contact_email: z.string().max(1_000).transform(normalizeEmailAddress).refine(isEmailAddress, { error: 'contact_email must be an e-mail address' }).optional(),
  status: csvOf(CONVERSATION_STATUSES, 'status').optional(),
  turn: z.enum(TURNS, { error: 'turn must be agency or talent' }).optional(),
  follow_up: flag.optional(),
  /** the agency owes a reply: its turn, and not Declined (the Needs reply queue) */
  needs_reply: flag.optional(),
  tracking: z.enum(['on', 'off'], { error: 'tracking must be on or off' }).optional(),
  needs_assignment: flag.optional(),
  q: z.string().trim().max(200, { error: 'q must be 200 characters or fewer' }).optional(),
  /** a sort key, `-` in front for descending */
  sort: z
    .string()
    .trim()
    .regex(new RegExp(`^-?(${CONVERSATION_SORTS.join('|')})$`), { error: `sort must be one of ${CONVERSATION_SORTS.join(', ')} (prefix - for descending)` })
    .optional(),
  // A board cursor carries the last row's order (board/order.ts): a name and an address, base64url.
  cursor: z.string().trim().max(2_000).regex(/^[A-Za-z0-9_-]*$/, { error: 'Invalid cursor' }).optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(CONVERSATION_PAGE_MAX).optional(),
});
export type ConversationListQuery = z.infer<typeof conversationListQuery>;

export const conversationListResponse = z.object({
  success: z.literal(true),
  items: z.array(conversationJson),
  cursor: z.string().nullable(),
  total: z.number().int(),
  /** counts by status over the filtered set before paging (the pipeline's column heads) */
  counts: z.record(z.enum(CONVERSATION_STATUSES), z.number().int()),
});
export type ConversationListResponse = z.infer<typeof conversationListResponse>;

export const conversationMessageJson = z.object({
  message_id: z.string(),
  date: iso,
  from: z.string(),
  side: z.enum(SIDES),
  summary: z.string(),
  intent: z.enum(INTENTS).nullable(),
  auto_reply: z.enum(AUTO_REPLY_KINDS),
  mailbox: z.string(),
  gmail_url: z.string(),
});
export type ConversationMessageJson = z.infer<typeof conversationMessageJson>;

/** The message (and its words) that set a shown value, or the person who did ("why this status"). */
export const setBecauseJson = z.object({
  set_by: z.enum(SET_BY),
  /** the message that set it; null when a person did */
  message_id: z.string().nullable(),
  /** when: the message's date, or the person's correction */
  date: iso.nullable(),
  from: z.string(),
  /** the message's own words that show it ('' when none were kept) */
  quote: z.string(),
});
export type SetBecauseJson = z.infer<typeof setBecauseJson>;

/** Why the conversation shows its status, whose turn and latest fee (null: nothing set it). Only the one-conversation read has it. */
export const conversationWhyJson = z.object({
  status: setBecauseJson.nullable(),
  whose_turn: setBecauseJson.nullable(),
  latest_fee: setBecauseJson.nullable(),
});
export type ConversationWhyJson = z.infer<typeof conversationWhyJson>;

export const conversationDetailResponse = z.object({
  success: z.literal(true),
  conversation: conversationJson,
  messages: z.array(conversationMessageJson),
  /** absent from a server that does not explain yet */
  why: conversationWhyJson.optional(),
});
export type ConversationDetailResponse = z.infer<typeof conversationDetailResponse>;

export const conversationIdParams = z.object({
  id: z
    .string()
    .trim()
    .min(3)
    .max(400)
    .regex(/^(~na:[a-f0-9]{16,64}|[A-Za-z0-9-]{1,64}:[^\s:]+@[^\s:]+)$/, { error: 'Unknown conversation' }),
});

const personDate = z.object({
  date: z
    .string({ error: 'date is required (yyyy-MM-dd)' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date must be yyyy-MM-dd', abort: true })
    .refine((value) => {
      const day = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
    }, { error: 'date must be a real day' }),
  kind: z.enum(DATE_KINDS, { error: `kind must be one of ${DATE_KINDS.join(', ')}` }),
  quote: z.string().max(500).optional().default(''),
});

const personFee = z.object({
  amount: z.number({ error: 'amount must be a number' }).nonnegative().max(100_000_000),
  currency: z
    .string({ error: 'currency is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: 'currency must be a 3-letter code' }),
  unit: z.enum(FEE_UNITS, { error: `unit must be one of ${FEE_UNITS.join(', ')}` }),
  vat_included: z.boolean().nullable().optional().default(null),
  state: z.enum(FEE_STATES, { error: `state must be one of ${FEE_STATES.join(', ')}` }),
  quote: z.string().max(500).optional().default(''),
});

/** A person's corrections: each given field replaces the model's reading and is kept from then on. `null` hands a field back to the model. */
export const conversationPatchBody = z
  .object({
    status: z.enum(CONVERSATION_STATUSES, { error: `status must be one of ${CONVERSATION_STATUSES.join(', ')}` }).nullable().optional(),
    whose_turn: z.enum(TURNS, { error: 'whose_turn must be agency or talent' }).nullable().optional(),
    dates: z.array(personDate).max(50).nullable().optional(),
    fees: z.array(personFee).max(50).nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'Nothing to change: give status, whose_turn, dates or fees' });
export type ConversationPatchBody = z.infer<typeof conversationPatchBody>;

export const conversationPatchResponse = z.object({ success: z.literal(true), conversation: conversationJson });

export const assignBody = z
  .object({
    id: z.string().trim().regex(/^~na:[a-f0-9]{16,64}$/, { error: 'id must be a needs-assignment conversation id' }),
    assignments: z
      .array(
        z.object({
          contact_email: z.string().max(1_000).transform(normalizeEmailAddress).refine(isEmailAddress, { error: 'contact_email must be an e-mail address' }),
          campaign_id: z.string().trim().min(1, { error: 'campaign_id is required' }).max(64),
        }),
      )
      .max(50)
      .default([]),
    /** "None of these": the thread is about none of the candidates, remembered for that thread */
    dismiss: z.boolean().optional(),
    /**
     * The person picked "Another talent": any tracked contact of the agency may be named, not only
     * the conversation's candidates (without it, a talent who is not a candidate is refused).
     */
    other_talent: z.boolean({ error: 'other_talent must be true or false' }).optional(),
  })
  .refine((body) => body.dismiss === true || body.assignments.length > 0, { error: 'Choose at least one talent', path: ['assignments'] })
  .refine((body) => body.dismiss !== true || body.assignments.length === 0, { error: 'Dismiss or choose talents, not both', path: ['dismiss'] });
export type AssignBody = z.infer<typeof assignBody>;

export const assignResponse = z.object({ success: z.literal(true), conversations: z.array(conversationJson) });

export const CHANGE_KINDS = ['reply', 'status'] as const;

export const changeJson = z.object({
  conversation_id: z.string(),
  campaign_id: z.string(),
  contact_email: z.string(),
  talent_name: z.string(),
  kind: z.enum(CHANGE_KINDS),
  at: iso,
  status: z.enum(CONVERSATION_STATUSES),
  previous_status: z.enum(CONVERSATION_STATUSES).nullable(),
  summary: z.string(),
});
export type ChangeJson = z.infer<typeof changeJson>;

export const changesQuery = z.object({
  since: z
    .string()
    .trim()
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: 'since must be an ISO date-time' })
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

export const changesResponse = z.object({
  success: z.literal(true),
  items: z.array(changeJson),
  /** the moment the list starts from: `since`, else the person's previous visit */
  since: iso.nullable(),
});
export type ChangesResponse = z.infer<typeof changesResponse>;
