/**
 * The sizes of everything the product keeps from mail, in one place. Plain code with no imports:
 * the Gmail parser, the processing pipeline and the API's read side (recompute) all use it.
 *
 * Mail is written by anyone, and a hostile message (a 450 KB subject, 5,000 recipients) must not
 * fail a job with DynamoDB's 400 KB item limit or fill a prompt. Characters, not bytes: at up to
 * 4 bytes a character, the largest item (a conversation) stays well under 400 KB.
 */

/** What is kept of one parsed message (functions/lib/google/gmail-message.ts applies them). */
export const MAIL_LIMITS = {
  /** Subject header (RFC 5322 recommends 78; a hostile one was 450 KB) */
  subject: 500,
  /** display name of one address */
  name: 200,
  /** one address (RFC 5321 path limit); longer ones are dropped */
  address: 254,
  /** addresses kept per From/To/Cc list */
  recipients: 100,
  snippet: 500,
  /** decoded characters of one MIME text part read (HTML is converted after this cut) */
  part: 500_000,
  /** the message text: every inline text part together */
  text: 100_000,
  /** the sender's own words (stored, quoted against, sent to the model) */
  ownText: 8_000,
  /** each kept raw header value */
  header: 1_000,
  /** one Message-ID / In-Reply-To id; a longer one is cut and made unique by its hash */
  messageId: 500,
  /** References ids kept: the nearest ancestors */
  references: 50,
} as const;

/**
 * What is kept of what the product derives from mail (model summaries, quotes, facts) and of the
 * lists that grow with a thread or a conversation (process-thread.ts, analyse.ts, recompute.ts).
 */
export const STORED_LIMITS = {
  subject: MAIL_LIMITS.subject,
  name: MAIL_LIMITS.name,
  ownText: MAIL_LIMITS.ownText,
  recipients: MAIL_LIMITS.recipients,
  /** one message's summary (model answer, or the snippet when there is none) */
  messageSummary: 1_000,
  /** a thread's summary (model answer) */
  threadSummary: 4_000,
  /** a fee's, a date's or an intent's verbatim quote */
  quote: 500,
  /** fees kept per message */
  feesPerMessage: 12,
  /** key dates kept per conversation thread (the latest) */
  datesPerThread: 60,
  /** addresses kept in a conversation thread's participants */
  participants: 200,
  /** a recorded failure's message, and how many a thread or conversation keeps */
  failureMessage: 300,
  failures: 20,
  /** the model's fees a conversation keeps (the latest; a person's are all kept) */
  feesPerConversation: 60,
  /** the model's key dates a conversation keeps (the latest threads' first) */
  datesPerConversation: 60,
  /** mailbox copies ("mailbox|threadId") a conversation lists */
  copiesPerConversation: 200,
} as const;

/** At most `max` characters, never splitting a surrogate pair (stored text stays valid UTF-8). */
export const clip = (text: string, max: number): string => {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end);
};
