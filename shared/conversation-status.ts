/**
 * THE status table: a conversation's status and whose turn it is, derived from its messages in
 * order. Pure and shared, so the server and the web read a conversation the same way.
 *
 * Auto-replies are ignored entirely. A bounce changes no status but hands the turn to the agency
 * (nobody will answer mail that never arrived: the agency must find another way). Otherwise only
 * 'agency' and 'talent' messages count: 'internal' (staff to staff), 'client' and 'unknown'
 * messages change nothing.
 *
 * WHOSE TURN (turnSince: when the current turn began, the message that gave it)
 * | message                                 | whoseTurn  | turnSince               |
 * |-----------------------------------------|------------|-------------------------|
 * | (none yet)                              | null       | null                    |
 * | talent side                             | agency     | its time, if turn moved |
 * | agency side, reaching the talent side   | talent     | its time, if turn moved |
 * | agency side, not reaching the talent    | unchanged  | unchanged               |
 * | bounce (of the agency's mail)           | agency     | its time, if turn moved |
 *
 * DECISION (walking the counted messages; "terms" = an offer/counter intent or any stated fee)
 * | decision  | message                                                      | next      |
 * |-----------|--------------------------------------------------------------|-----------|
 * | open      | decline from either side (the talent says no, or the agency  | declined  |
 * |           | turns the talent down), unless it turns down something else  |           |
 * | open      | talent accept, agency terms on the table, and every fee the  | confirmed |
 * |           | accept states equals a fee the agency stated                 |           |
 * | open      | agency accept, talent terms on the table, and every fee the  | confirmed |
 * |           | accept states equals a fee the talent side stated            |           |
 * | open      | talent invoices a fee equal to one the agency stated (work   | confirmed |
 * |           | done on agreed terms; an invoice for a fee the agency never  |           |
 * |           | stated confirms nothing)                                     |           |
 * | confirmed | talent offer/counter stating a fee other than the agreed one | open      |
 * |           | (an invoiced fee is a bill, never a new price)               |           |
 * | confirmed | decline (either side) whose quote names this deal (see below)| declined  |
 * |           | (the agency's only with a quote: else a "no" to a detail)    |           |
 * | confirmed | anything else (logistics, roster notes, a decline that does  | confirmed |
 * |           | not name the deal …)                                         |           |
 * | declined  | agency offer/counter                                         | open      |
 * | declined  | anything else                                                | declined  |
 *
 * A DECLINE is no decline when its quote turns down something else: an extra ask ("we'll pass on
 * the extra TikTok"), while the deal stands ("the reel is still on"), an invoice or payment, an
 * out-of-office or a date to move. After Confirmed a decline must also NAME THIS DEAL in its
 * quote: the campaign's, project's or client's name, "the/this campaign, collab, deal, offer …",
 * one of the campaign's deliverables, or a fee of the deal stated in the message. A roster note
 * ("Mia and Jo are away over the holidays") names none, so a confirmed deal stays Confirmed. A
 * talent's decline with no quote (a careful reader's label, as the fixtures give) is taken as
 * labelled, an agency's as a "no" to a detail: the model's declines always carry a verified quote
 * (analyse.ts turns those whose quote is not in the message into "other").
 *
 * STATUS
 * | decision  | so far                                                       | status         |
 * |-----------|--------------------------------------------------------------|----------------|
 * | confirmed |                                                              | Confirmed      |
 * | declined  |                                                              | Declined       |
 * | open      | no agency message                                            | Not contacted  |
 * | open      | agency messages only (outreach, even with a budget in it)    | Awaiting reply |
 * | open      | talent side wrote, terms on the table from either side       | Negotiating    |
 * | open      | talent side wrote, no terms                                  | Replied        |
 *
 * A person's correction of the status or of whose turn wins over the table.
 *
 * WHY: deriveStatusWithReasons also says which message (its index in the input) last changed the
 * status and which gave the current turn, so a person can see the message and quote behind them.
 */
import type { AutoReplyKind, ConversationStatus, FeeState, Intent, Side, Turn } from './schemas/conversations';

/** A fee as the table compares it. */
export type StatusFee = { amount: number; currency: string; state?: FeeState };

/** The status table's input: one per message, oldest first. */
export type StatusEvent = {
  at: number;
  side: Side;
  autoReply: AutoReplyKind;
  /** the model's reading; undefined when not analysed */
  intent?: Intent;
  /** the sentence that shows the intent (verified against the message's own words) */
  intentQuote?: string;
  /** fees stated in this message (already verified against its text) */
  fees: StatusFee[];
  /** the message has talent-side recipients (agency → talent) or agency recipients (talent → agency) */
  toOtherSide: boolean;
};

export type StatusCorrections = {
  status?: ConversationStatus;
  whoseTurn?: Turn;
  /** when the person corrected (ms): the start of a corrected turn */
  correctedAt?: number;
};

export type DerivedStatus = {
  status: ConversationStatus;
  whoseTurn: Turn | null;
  /** ms: when the current turn began */
  turnSince: number | null;
};

/** What this campaign's deal is called and made of: a decline must name it to end a confirmed deal. */
export type DealTerms = {
  campaignName?: string;
  projectName?: string;
  clientName?: string;
  /** the campaign's deliverables as written ("1x Instagram Reel and 3x Stories") */
  deliverables?: string;
};

/** The status with the messages behind it: indexes into the events as given, null when none or a person set it. */
export type ReasonedStatus = DerivedStatus & { statusEvent: number | null; turnEvent: number | null };

type Decision = 'open' | 'confirmed' | 'declined';
type Party = 'agency' | 'talent';

type TableState = {
  decision: Decision;
  whoseTurn: Turn | null;
  turnSince: number | null;
  agencyWrote: boolean;
  talentWrote: boolean;
  termsOnTable: boolean;
  /** terms each side put forward (an offer/counter intent or a fee) */
  terms: Record<Party, boolean>;
  /** every fee each side stated */
  stated: Record<Party, StatusFee[]>;
  /** the fees of each side's latest message that stated any */
  lastStated: Record<Party, StatusFee[]>;
  /** the fees agreed when the deal was last confirmed (read only while it is) */
  agreed: StatusFee[];
};

/** Amounts are money: two fees are the same below half a cent apart, in the same currency. */
export const sameFee = (a: StatusFee, b: StatusFee) =>
  Math.abs(a.amount - b.amount) < 0.005 && a.currency.trim().toUpperCase() === b.currency.trim().toUpperCase();

const other = (party: Party): Party => (party === 'agency' ? 'talent' : 'agency');

function isTerms(event: StatusEvent): boolean {
  return event.intent === 'offer' || event.intent === 'counter' || event.fees.length > 0;
}

/** An accept that confirms: the other side put terms forward, and any fee it states is one of theirs. */
function acceptsOtherSidesTerms(state: TableState, party: Party, event: StatusEvent): boolean {
  const theirs = other(party);
  if (!state.terms[theirs]) return false;
  return event.fees.every((fee) => state.stated[theirs].some((stated) => sameFee(stated, fee)));
}

/** An invoice from the talent side for a fee the agency itself stated. */
function invoicesAgencyFee(state: TableState, event: StatusEvent): boolean {
  const invoiced = event.fees.filter((fee) => fee.state === 'invoiced');
  return invoiced.length > 0 && invoiced.every((fee) => state.stated.agency.some((stated) => sameFee(stated, fee)));
}

// ---------------------------------------------------------------- what a decline turns down

/** Something besides the deal: an extra ask, an add-on, while the deal stands. */
const EXTRA_ASK = /\b(?:extra|additional|add-on|bonus|on top|as well|still on|still going ahead|still happening|still confirmed|still booked)\b/i;
/** Bills, out-of-office and moving a date are not cancellations (word starts: "invoic" is invoice, invoiced …). */
const NOT_A_CANCELLATION =
  /\b(?:invoic|payment|paid|bank details|out of office|out of the office|annual leave|parental leave|reschedul|postpon|push back|push it back|move it to|another day|another date|another time|a different day|a different date)/i;
/** "the campaign", "this collab", "our partnership", "the Winter Ember shoot", "the video": up to three words between. */
const DEAL_NOUN =
  /\b(?:the|this|that|our|your)(?: [\p{L}&'’-]+){0,3} (?:campaign|collab|partnership|deal|offer|project|brief|booking|contract|agreement|sponsorship|shoot|job|video|post|content)/iu;
/** Kinds of deliverable: one the campaign lists, named in a decline, names the deal. */
const DELIVERABLE_KINDS = ['reel', 'tiktok', 'story', 'stories', 'short', 'integration', 'carousel', 'vlog', 'livestream', 'unboxing', 'youtube', 'podcast', 'newsletter'];

const wordsOf = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u);
/** The words of `text`, one space apart and padded, to look for whole words and phrases in. */
const spaced = (text: string) => ` ${wordsOf(text).join(' ')} `;

/** A decline that turns down something else than the deal: an extra ask, a bill, a date. */
export function declinesSomethingElse(quote: string | undefined): boolean {
  const text = quote?.replace(/\s+/g, ' ') ?? '';
  return EXTRA_ASK.test(text) || NOT_A_CANCELLATION.test(text);
}

/**
 * Whether a decline's quote names this campaign's deal: its campaign, project or client name (the
 * client's first word too, from four letters), a deal noun with a determiner, a kind of deliverable
 * the campaign lists, or a fee of the deal stated in the message. A missing quote is a careful
 * reader's label: taken as given.
 */
export function namesTheDeal(quote: string | undefined, deal: DealTerms | undefined, dealFeeStated: boolean): boolean {
  if (quote === undefined || dealFeeStated) return true;
  if (DEAL_NOUN.test(quote.replace(/\s+/g, ' '))) return true;
  const said = spaced(quote);
  const clientFirst = wordsOf(deal?.clientName ?? '').filter(Boolean)[0] ?? '';
  const names = [deal?.campaignName, deal?.projectName, deal?.clientName, clientFirst.length >= 4 ? clientFirst : ''].map((name) => spaced(name ?? '').trim()).filter(Boolean);
  if (names.some((name) => said.includes(` ${name} `))) return true;
  const listed = spaced(deal?.deliverables ?? '');
  return DELIVERABLE_KINDS.some((kind) => listed.includes(` ${kind}`) && (said.includes(` ${kind} `) || said.includes(` ${kind}s `)));
}

/** The next decision; `agreed` only on entering Confirmed (the fees agreed are read only while Confirmed). */
function nextDecision(state: TableState, party: Party, event: StatusEvent, deal: DealTerms | undefined): { decision: Decision; agreed?: StatusFee[] } {
  const { decision, agreed } = state;
  const intent = event.intent;
  const declines = intent === 'decline' && !declinesSomethingElse(event.intentQuote);
  switch (decision) {
    case 'open':
      if (declines) return { decision: 'declined' };
      if (intent === 'accept' && acceptsOtherSidesTerms(state, party, event)) {
        return { decision: 'confirmed', agreed: event.fees.length > 0 ? event.fees : state.lastStated[other(party)] };
      }
      if (party === 'talent' && invoicesAgencyFee(state, event)) return { decision: 'confirmed', agreed: event.fees.filter((fee) => fee.state === 'invoiced') };
      return { decision };
    case 'confirmed': {
      const dealFee = event.fees.some((fee) => [...agreed, ...state.stated.agency].some((kept) => sameFee(kept, fee)));
      // An agency "no" with no quote is a "no" to a detail (the table's rule before quotes reached it).
      const quoted = party === 'talent' || event.intentQuote !== undefined;
      if (declines && quoted && namesTheDeal(event.intentQuote, deal, dealFee)) return { decision: 'declined' };
      const renegotiates =
        party === 'talent' &&
        (intent === 'counter' || intent === 'offer') &&
        event.fees.some((fee) => fee.state !== 'invoiced' && !agreed.some((kept) => sameFee(kept, fee)));
      return { decision: renegotiates ? 'open' : decision };
    }
    case 'declined':
      return { decision: party === 'agency' && (intent === 'offer' || intent === 'counter') ? 'open' : decision };
  }
}

function step(state: TableState, event: StatusEvent, deal: DealTerms | undefined): TableState {
  if (event.autoReply === 'bounce' && state.agencyWrote) {
    return state.whoseTurn === 'agency' ? state : { ...state, whoseTurn: 'agency', turnSince: event.at };
  }
  if (event.autoReply !== 'none') return state;
  if (event.side !== 'agency' && event.side !== 'talent') return state;
  const party: Party = event.side;

  const { decision, agreed = state.agreed } = nextDecision(state, party, event, deal);
  const terms = isTerms(event);
  const fees = event.fees.map((fee) => ({ amount: fee.amount, currency: fee.currency }));

  let { whoseTurn, turnSince } = state;
  const givesTurn: Turn | null = party === 'talent' ? 'agency' : event.toOtherSide ? 'talent' : null;
  if (givesTurn && givesTurn !== whoseTurn) {
    whoseTurn = givesTurn;
    turnSince = event.at;
  }

  return {
    decision,
    agreed,
    whoseTurn,
    turnSince,
    agencyWrote: state.agencyWrote || party === 'agency',
    talentWrote: state.talentWrote || party === 'talent',
    termsOnTable: state.termsOnTable || terms,
    terms: { ...state.terms, [party]: state.terms[party] || terms },
    stated: { ...state.stated, [party]: [...state.stated[party], ...fees] },
    lastStated: fees.length > 0 ? { ...state.lastStated, [party]: fees } : state.lastStated,
  };
}

function statusOf(state: TableState): ConversationStatus {
  if (state.decision === 'confirmed') return 'confirmed';
  if (state.decision === 'declined') return 'declined';
  if (!state.agencyWrote) return 'not_contacted';
  if (!state.talentWrote) return 'awaiting_reply';
  return state.termsOnTable ? 'negotiating' : 'replied';
}

const INITIAL: TableState = {
  decision: 'open',
  whoseTurn: null,
  turnSince: null,
  agencyWrote: false,
  talentWrote: false,
  termsOnTable: false,
  terms: { agency: false, talent: false },
  stated: { agency: [], talent: [] },
  lastStated: { agency: [], talent: [] },
  agreed: [],
};

/**
 * The status and whose turn it is after these messages (a person's corrections applied), with the
 * message that last changed the status and the one that gave the turn (indexes into `events`).
 */
export function deriveStatusWithReasons(events: readonly StatusEvent[], corrections?: StatusCorrections, deal?: DealTerms): ReasonedStatus {
  const ordered = events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => (Number.isFinite(a.event.at) && Number.isFinite(b.event.at) ? a.event.at - b.event.at : 0) || a.index - b.index);
  let state = INITIAL;
  let statusEvent: number | null = null;
  let turnEvent: number | null = null;
  for (const { event, index } of ordered) {
    const next = step(state, event, deal);
    if (statusOf(next) !== statusOf(state)) statusEvent = index;
    if (next.whoseTurn !== state.whoseTurn) turnEvent = index;
    state = next;
  }

  let whoseTurn = state.whoseTurn;
  let turnSince = state.turnSince;
  if (corrections?.whoseTurn && corrections.whoseTurn !== whoseTurn) {
    whoseTurn = corrections.whoseTurn;
    turnSince = corrections.correctedAt ?? turnSince;
    turnEvent = null;
  }
  if (corrections?.status) statusEvent = null;
  return { status: corrections?.status ?? statusOf(state), whoseTurn, turnSince, statusEvent, turnEvent };
}

/** The status and whose turn it is after these messages (oldest first), a person's corrections applied. */
export function deriveStatus(events: readonly StatusEvent[], corrections?: StatusCorrections, deal?: DealTerms): DerivedStatus {
  const { status, whoseTurn, turnSince } = deriveStatusWithReasons(events, corrections, deal);
  return { status, whoseTurn, turnSince };
}

const DAY_MS = 86_400_000;

/**
 * Whether the agency should follow up: it is the talent's turn and has been for at least
 * `followUpAfterDays` days. Never for a declined conversation, nor for a talent the agency never
 * wrote to (`writtenTo` false: no agency message ever reached the talent side; undefined when the
 * caller cannot tell).
 */
export function needsFollowUp(input: {
  whoseTurn: Turn | null;
  turnSince: number | null;
  now: number;
  followUpAfterDays: number;
  status?: ConversationStatus;
  writtenTo?: boolean;
}): boolean {
  const { whoseTurn, turnSince, now, followUpAfterDays, status, writtenTo } = input;
  if (whoseTurn !== 'talent' || turnSince === null || !Number.isFinite(turnSince) || !Number.isFinite(now)) return false;
  if (!Number.isFinite(followUpAfterDays) || followUpAfterDays < 0) return false;
  if (status === 'declined' || writtenTo === false) return false;
  return now - turnSince >= followUpAfterDays * DAY_MS;
}

/**
 * Whether the agency owes a reply: it is the agency's turn and the deal is not Declined (whether
 * the table or a person declared it: a closed conversation asks nothing of anyone).
 */
export function needsReply(input: { whoseTurn: Turn | null; status: ConversationStatus }): boolean {
  return input.whoseTurn === 'agency' && input.status !== 'declined';
}
