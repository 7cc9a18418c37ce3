/**
 * Why a bounce bounced: the enhanced status code (RFC 3463), a short reason staff can read and
 * the recipient that failed, from the machine-readable delivery-status part (RFC 3464) when the
 * caller has it, else from the human-readable text MTAs write (Gmail, Exchange, Postfix, Exim,
 * qmail, Yahoo). Pure: no I/O, no clock.
 */
export type BounceReasonCode =
  | 'unknown user'
  | 'unknown domain'
  | 'mailbox full'
  | 'mailbox disabled'
  | 'message too large'
  | 'blocked'
  | 'address rejected'
  | 'delivery expired'
  | 'delivery failed';

export type BounceReason = { status: string; reason: BounceReasonCode; recipient?: string };

export type BounceInput = {
  /** The bounce's readable text (its text/plain or converted HTML part). */
  text: string;
  /** The body of its message/delivery-status part, when the caller has it. */
  report?: string;
  /** Lower-case header names (X-Failed-Recipients is read). */
  headers?: Map<string, string>;
};

const ENHANCED = /(?<![\d.])([245])\.(\d{1,3})\.(\d{1,3})(?![\d.])/;
// A basic SMTP reply code where a diagnostic starts ("550 ", "554: ", "#550").
const BASIC = /(?:^|[\s#'"(])([45])(\d)(\d)(?=[\s:-]|$)/m;
const ADDRESS = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/;

/* ---------- the reason in words ---------- */

// Ordered: the most specific wording first ("Recipient address rejected: User unknown" is an
// unknown user, not a rejection).
const PHRASES: [BounceReasonCode, RegExp][] = [
  [
    'unknown domain',
    /host (?:or domain name )?not found|domain (?:name )?not found|no such domain|unrouteable (?:address|domain|mail domain)|unroutable|name service error|dns (?:error|lookup failed)|domain (?:does not|doesn't) exist|domain \S+ (?:couldn't|could not) be found|mx (?:record )?(?:not found|lookup)/i,
  ],
  [
    'unknown user',
    /user unknown|unknown user|no such (?:user|mailbox|recipient|person)|(?:mailbox|account|address|user|recipient)(?: \S+){0,8}? (?:does not|doesn't|did not|could not be) (?:exist|found)|address not found|recipient not found|recipnotfound|recipientnotfound|not found by smtp address lookup|invalid (?:recipient|mailbox|user)|unknown (?:recipient|local part|mailbox)|no mailbox here|wasn't found at|doesn't have an? [\w.-]+ account|mailbox unavailable|unbekannter (?:empfänger|benutzer)|utilisateur inconnu|destinataire inconnu|usuario desconocido|utente sconosciuto|gebruiker onbekend/i,
  ],
  [
    'mailbox full',
    /mailbox (?:is )?full|over ?quota|quota (?:exceeded|full)|exceeded (?:its|the|their) (?:storage )?quota|insufficient (?:system )?storage|mailbox size limit|out of storage|postfach (?:ist )?voll|boîte (?:aux lettres )?pleine|buzón lleno/i,
  ],
  ['mailbox disabled', /(?:mailbox|account|address|user) (?:is |has been )?(?:disabled|inactive|deactivated|suspended|closed|blocked)|no longer (?:active|in use|available)/i],
  ['message too large', /message (?:size )?(?:is )?too (?:large|big)|exceeds? (?:the )?(?:maximum )?(?:message )?size|size limit exceeded/i],
  ['blocked', /blocked|blacklist|blocklist|spam|policy|access denied|relay(?:ing)? (?:denied|not permitted|access denied)|not authori[sz]ed|dmarc|spf|rejected for policy reasons/i],
  ['address rejected', /(?:recipient|address|rcpt) (?:address )?rejected|rejected (?:the )?(?:recipient|address)|bad (?:recipient )?address syntax|invalid address|syntax error in (?:mailbox|address)/i],
  ['delivery expired', /retry (?:time(?:out)?|period) (?:exceeded|expired)|message expired|expired after|gave up|giving up|too long in the queue|delivery time expired/i],
];

// RFC 3463 subject and detail, for a text that names no reason in words; else the subject alone
// (x.1.3, a bad address syntax, is one of the x.1.* that BY_SUBJECT names "address rejected").
const BY_DETAIL = new Map<string, BounceReasonCode>([
  ['1.1', 'unknown user'],
  ['1.10', 'unknown user'],
  ['1.6', 'unknown user'],
  ['1.2', 'unknown domain'],
  ['2.1', 'mailbox disabled'],
  ['2.2', 'mailbox full'],
  ['2.3', 'message too large'],
  ['3.4', 'message too large'],
  ['4.4', 'unknown domain'],
  ['4.7', 'delivery expired'],
]);
const BY_SUBJECT = new Map<string, BounceReasonCode>([
  ['7', 'blocked'],
  ['1', 'address rejected'],
]);

// The status a reason stands for, when a text gives no code at all ("Unrouteable address").
const STATUS_OF: Record<BounceReasonCode, string> = {
  'unknown user': '5.1.1',
  'unknown domain': '5.1.2',
  'mailbox full': '5.2.2',
  'mailbox disabled': '5.2.1',
  'message too large': '5.3.4',
  blocked: '5.7.1',
  'address rejected': '5.1.0',
  'delivery expired': '4.4.7',
  'delivery failed': '5.0.0',
};

const reasonInWords = (text: string): BounceReasonCode | undefined => PHRASES.find(([, re]) => re.test(text))?.[0];
/** The reason an enhanced status code ("5.1.1", as ENHANCED reads it) stands for, if any. */
const reasonOfCode = (status: string): BounceReasonCode | undefined => {
  const [, subject, detail] = status.split('.');
  return BY_DETAIL.get(`${subject}.${detail}`) ?? BY_SUBJECT.get(subject!);
};

/* ---------- the delivery-status part ---------- */

type RecipientReport = { action?: string; status?: string; recipient?: string; diagnostic?: string };

/** Header-style fields, folded continuation lines joined (Diagnostic-Code often wraps). */
const fields = (block: string): Map<string, string> => {
  const out = new Map<string, string>();
  let last: string | undefined;
  for (const line of block.split('\n')) {
    const field = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (field) {
      last = field[1]!.toLowerCase();
      if (!out.has(last)) out.set(last, field[2]!.trim());
    } else if (last && /^\s+\S/.test(line)) out.set(last, `${out.get(last)} ${line.trim()}`);
  }
  return out;
};

const addressIn = (value: string | undefined): string | undefined => ADDRESS.exec(value ?? '')?.[0]?.toLowerCase();

/** Per-recipient blocks of an RFC 3464 report (the first block is about the whole message). */
const recipientReports = (report: string): RecipientReport[] =>
  report
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map(fields)
    .filter((f) => f.has('final-recipient') || f.has('original-recipient') || f.has('action'))
    .map((f) => ({
      action: f.get('action')?.toLowerCase(),
      status: ENHANCED.exec(f.get('status') ?? '')?.[0],
      recipient: addressIn(f.get('final-recipient')) ?? addressIn(f.get('original-recipient')),
      diagnostic: f.get('diagnostic-code'),
    }));

/* ---------- the readable text ---------- */

// Where MTAs name the failed address: Gmail "wasn't delivered to x", Exchange "Your message to
// x couldn't be delivered", Postfix "<x>: host … said:", Exim "address(es) failed:\n\n  x",
// older Exchange "Delivery has failed to these recipients or groups:\n\nName (x)".
const ADDR = ADDRESS.source;
const RECIPIENT_IN_TEXT = [
  new RegExp(`(?:wasn't|was not|couldn't be|could not be|not) delivered to\\s+<?(${ADDR})>?`, 'i'),
  new RegExp(`your message to\\s+<?(${ADDR})>?\\s+(?:couldn't|could not|can't|cannot)`, 'i'),
  new RegExp(`address(?:\\(?es\\)?)? failed:\\s*\\n\\s*<?(${ADDR})>?\\s*$`, 'im'),
  new RegExp(`^\\s*<(${ADDR})>:?`, 'im'),
  new RegExp(`recipients or groups:\\s*\\n[^\\n@]*?[(<]?(${ADDR})`, 'i'),
];

/** Lines with their indented continuations joined (Postfix and Exim wrap the server's answer). */
const unfolded = (text: string): string[] => text.split('\n').reduce<string[]>((out, line) => {
  if (/^\s+\S/.test(line) && out.length > 0 && out.at(-1)!.trim()) out[out.length - 1] = `${out.at(-1)} ${line.trim()}`;
  else out.push(line);
  return out;
}, []);

/**
 * The remote server's answer: the first line with a status code, else the last line naming a
 * reason (MTAs explain first and quote the server last; Gmail heads even a missing domain
 * "Address not found").
 */
const diagnosticOf = (text: string): string => {
  const lines = unfolded(text);
  return lines.find((l) => ENHANCED.test(l) || BASIC.test(l)) ?? lines.findLast((l) => reasonInWords(l) !== undefined) ?? '';
};

// The text of a failure, as opposed to a delay notice or a person writing about delivery.
const FAILURE =
  /(?:couldn't|could not|can't|cannot|wasn't|was not|not) (?:be )?deliver|undeliverable|delivery (?:has )?failed|permanent (?:error|failure)|failed permanently|address(?:\(?es\)?)? failed|address not found|user unknown|unknown user|does not exist|rejected|unrouteable|mailbox (?:is )?full|over quota|no mailbox here|unable to deliver|gave up|given up|unzustellbar|non remis|no se (?:ha )?(?:podido|puede) entregar|non (?:è stato|recapitabile)/i;

const firstMatch = (patterns: RegExp[], text: string): string | undefined => {
  for (const re of patterns) {
    const m = re.exec(text);
    if (m?.[1]) return m[1].toLowerCase();
  }
  return undefined;
};

const statusIn = (text: string): string | undefined => {
  const enhanced = ENHANCED.exec(text);
  if (enhanced) return enhanced[0];
  const basic = BASIC.exec(text);
  // A basic 5xy code says only "permanent"; its subject comes from the words.
  return basic ? `${basic[1]}.0.0` : undefined;
};

const fromReport = (report: string, header: string | undefined): BounceReason | undefined => {
  const recipients = recipientReports(report);
  const failed = recipients.find((r) => r.action === 'failed') ?? recipients.find((r) => !r.action && r.status?.startsWith('5'));
  if (!failed) return undefined;
  const status = failed.status ?? statusIn(failed.diagnostic ?? '') ?? '5.0.0';
  const reason = reasonInWords(failed.diagnostic ?? '') ?? reasonOfCode(status) ?? 'delivery failed';
  const recipient = failed.recipient ?? addressIn(header);
  return { status, reason, ...(recipient ? { recipient } : {}) };
};

const fromText = (text: string, header: string | undefined): BounceReason | undefined => {
  if (!FAILURE.test(text.replace(/\s+/g, ' '))) return undefined;
  const diagnostic = diagnosticOf(text);
  const coded = statusIn(diagnostic);
  const reason = reasonInWords(diagnostic) ?? (coded ? reasonOfCode(coded) : undefined) ?? reasonInWords(text) ?? 'delivery failed';
  // "550 Unrouteable address" says permanent, the words say which: 5.0.0 → 5.1.2.
  const status = coded && coded !== '5.0.0' && coded !== '4.0.0' ? coded : STATUS_OF[reason];
  const recipient = addressIn(header) ?? firstMatch(RECIPIENT_IN_TEXT, text);
  return { status, reason, ...(recipient ? { recipient } : {}) };
};

// Where an MTA that returns the message inline starts its copy (Exim "------ This is a copy of
// the message, including all the headers. ------", qmail "--- Below this line is a copy of the
// message."): what follows is the sender's own mail, whose words are no reason.
const RETURNED_COPY = /this is a copy of the|below this line is a copy of the message/i;

/** The failure a bounce reports, or undefined when it reports none (a delay, a person's mail). */
export const readBounce = ({ text, report, headers }: BounceInput): BounceReason | undefined => {
  const header = headers?.get('x-failed-recipients');
  const normalised = text.replace(/\r\n?/g, '\n');
  // A report that lists recipients has the last word: "Action: delayed" is no bounce.
  if (report && recipientReports(report).length > 0) return fromReport(report, header);
  return fromText(normalised.split(RETURNED_COPY)[0]!, header);
};
