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
 * | any       | talent decline                                               | declined  |
 * | open      | agency decline (the agency turns the talent down)            | declined  |
 * | open      | talent accept, agency terms on the table, and every fee the  | confirmed |
 * |           | accept states equals a fee the agency stated                 |           |
 * | open      | agency accept, talent terms on the table, and every fee the  | confirmed |
 * |           | accept states equals a fee the talent side stated            |           |
 * | open      | talent invoices a fee equal to one the agency stated (work   | confirmed |
 * |           | done on agreed terms; an invoice for a fee the agency never  |           |
 * |           | stated confirms nothing)                                     |           |
 * | confirmed | talent offer/counter stating a fee other than the agreed one | open      |
 * | confirmed | anything else (logistics, agency decline …)                  | confirmed |
 * | declined  | agency offer/counter                                         | open      |
 * | declined  | anything else                                                | declined  |
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
  /** the fees agreed when the deal was confirmed */
  agreed: StatusFee[];
};

const sameFee = (a: StatusFee, b: StatusFee) =>
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

function nextDecision(state: TableState, party: Party, event: StatusEvent): { decision: Decision; agreed: StatusFee[] } {
  const { decision, agreed } = state;
  const intent = event.intent;
  if (party === 'talent' && intent === 'decline') return { decision: 'declined', agreed: [] };
  switch (decision) {
    case 'open':
      if (party === 'agency' && intent === 'decline') return { decision: 'declined', agreed: [] };
      if (intent === 'accept' && acceptsOtherSidesTerms(state, party, event)) {
        return { decision: 'confirmed', agreed: event.fees.length > 0 ? event.fees : state.lastStated[other(party)] };
      }
      if (party === 'talent' && invoicesAgencyFee(state, event)) return { decision: 'confirmed', agreed: event.fees.filter((fee) => fee.state === 'invoiced') };
      return { decision, agreed };
    case 'confirmed': {
      const renegotiates =
        party === 'talent' && (intent === 'counter' || intent === 'offer') && event.fees.some((fee) => !agreed.some((kept) => sameFee(kept, fee)));
      return renegotiates ? { decision: 'open', agreed: [] } : { decision, agreed };
    }
    case 'declined':
      return party === 'agency' && (intent === 'offer' || intent === 'counter') ? { decision: 'open', agreed: [] } : { decision, agreed };
  }
}

function step(state: TableState, event: StatusEvent): TableState {
  if (event.autoReply === 'bounce' && state.agencyWrote) {
    return state.whoseTurn === 'agency' ? state : { ...state, whoseTurn: 'agency', turnSince: event.at };
  }
  if (event.autoReply !== 'none') return state;
  if (event.side !== 'agency' && event.side !== 'talent') return state;
  const party: Party = event.side;

  const { decision, agreed } = nextDecision(state, party, event);
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

/** The status and whose turn it is after these messages (oldest first), a person's corrections applied. */
export function deriveStatus(events: readonly StatusEvent[], corrections?: StatusCorrections): DerivedStatus {
  const ordered = events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => (Number.isFinite(a.event.at) && Number.isFinite(b.event.at) ? a.event.at - b.event.at : 0) || a.index - b.index)
    .map(({ event }) => event);
  const state = ordered.reduce(step, INITIAL);

  let whoseTurn = state.whoseTurn;
  let turnSince = state.turnSince;
  if (corrections?.whoseTurn && corrections.whoseTurn !== whoseTurn) {
    whoseTurn = corrections.whoseTurn;
    turnSince = corrections.correctedAt ?? turnSince;
  }
  return { status: corrections?.status ?? statusOf(state), whoseTurn, turnSince };
}

const DAY_MS = 86_400_000;

/**
 * Whether the agency should follow up: it is the talent's turn and has been for at least
 * `followUpAfterDays` days. Never for a declined conversation.
 */
export function needsFollowUp(input: {
  whoseTurn: Turn | null;
  turnSince: number | null;
  now: number;
  followUpAfterDays: number;
  status?: ConversationStatus;
}): boolean {
  const { whoseTurn, turnSince, now, followUpAfterDays, status } = input;
  if (whoseTurn !== 'talent' || turnSince === null || !Number.isFinite(turnSince) || !Number.isFinite(now)) return false;
  if (!Number.isFinite(followUpAfterDays) || followUpAfterDays < 0) return false;
  if (status === 'declined') return false;
  return now - turnSince >= followUpAfterDays * DAY_MS;
}
