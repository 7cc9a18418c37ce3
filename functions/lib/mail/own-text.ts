import EmailForwardParser from 'email-forward-parser';
import EmailReplyParser from 'email-reply-parser';

/**
 * The sender's own words in a plain-text mail body: quoted history, forwarded mail and
 * signatures removed, whatever the client and language. Order of passes:
 *   1. email-forward-parser finds forwarded blocks (its separator table covers ~20 locales);
 *   2. our line scan drops "> " lines (so bottom-posted and inline replies keep their own
 *      lines), attribution lines, Outlook header blocks and "Original Message" rules;
 *   3. email-reply-parser, as a backstop, cuts at quote headers our scan does not know;
 *   4. signature rules: "-- " delimiter and "Sent from my …" lines.
 */

// Both parsers compile their regex tables in the constructor: build them once per process.
const forwardParser = new EmailForwardParser();
const replyParser = new EmailReplyParser();

const isBlank = (line: string) => line.trim() === '';
const isQuoted = (line: string) => /^\s*>/.test(line);

/* ---------- attribution lines ("On … wrote:", "Le … a écrit :", "…님이 작성:") ---------- */

// \b is ASCII-only in JS, so alphabetic verbs are guarded with a Unicode-letter lookaround;
// CJK ones need none (no spaces between words there).
const VERB =
  '(?:(?<!\\p{L})(?:wrote|writes|a écrit|écrit|schrieb|schreef|geschreven|escribió|escribio|escreveu|ha scritto|scrisse|skrev|napisał|napisała|napsal|kirjoitti|написал|написала|пишет|yazdı|írta)(?!\\p{L})|작성|のメッセージ|書きました|写道|寫道)';
const VERB_ANYWHERE = new RegExp(VERB, 'iu');
const VERB_AT_END = new RegExp(`${VERB}\\s*[:：]$`, 'iu');
// Words attribution lines start with in the clients' locales ("On", "Le", "Am", "El", "Il giorno"…).
const OPENER = /^(?:on|le|am|el|il|il giorno|in data|op|em|no dia|w dniu|dnia|dne|den|d\.|pe|ke|to|ti|ma)\s/i;
// ADDRESS and DATEISH are only test()ed: their unbracketed forms spell out just the characters
// around the separators ("a@b.c" of "sam@brightagency.com", "3/11/26" of "03/11/2026", "2月").
const ADDRESS = /<[^<>\s]+@[^<>\s]+>|\[mailto:[^\]]+\]|[\w.+-]@[\w-]+\.[\w-]/;
const DATEISH = /(?<!\d)(?:19|20)\d{2}(?!\d)|\d[./-]\d{1,2}[./-]\d{2}|\d\s*[年년월月]/;
const TIME = /(?<!\d)\d{1,2}[:.h]\d{2}(?!\d)/;
const ENDS_WITH_COLON = /[:：]\s*$/;
const WRAPPED_BRACKET = /^\s*>\s*[:：]\s*$/;

type Attribution = { end: number; strong: boolean };

/**
 * An attribution may be wrapped over up to three lines (Gmail wraps at 78 columns, so a long
 * name and address pushes "wrote:" to the next line). Strong ones name a "wrote" verb and
 * stand for themselves; weak ones (Gmail's Japanese "<date> Name <addr>:") only count when
 * quoted lines follow.
 */
const attributionAt = (lines: string[], i: number): Attribution | undefined => {
  for (let k = 0; k < 3 && i + k < lines.length; k++) {
    const line = lines[i + k]!;
    // ">:" alone is the end of a wrapped "<address>:", not a quoted line (as a first line it
    // names nothing, so it is no attribution either).
    if (isBlank(line) || (isQuoted(line) && !WRAPPED_BRACKET.test(line))) return undefined;
    const joined = lines
      .slice(i, i + k + 1)
      .map((l) => l.trim())
      .join(' ')
      .replace(/ >([:：])$/, '>$1');
    if (joined.length > 400) return undefined;
    if (!ENDS_WITH_COLON.test(joined)) continue;
    const hasAddress = ADDRESS.test(joined);
    const opener = OPENER.test(joined);
    // A date alone is not enough ("the caption I wrote for the 2025 launch:"): clients that
    // omit the address still write an opener word or the time.
    const strong =
      (VERB_ANYWHERE.test(joined) && (hasAddress || (DATEISH.test(joined) && (opener || TIME.test(joined))))) ||
      (VERB_AT_END.test(joined) && (opener || joined.length <= 80));
    if (strong || (hasAddress && k <= 1)) return { end: i + k + 1, strong };
    return undefined;
  }
  return undefined;
};

/**
 * How much a line looks like the first line of an attribution: 2 for an opener word or a
 * date at its start followed by a date or time ("On Mon, 3 Nov 2026 at 10:02, …",
 * "2025年2月19日(水) 21:20 …", "ср, 19 февр. 2025 г. …"), 1 for a name and an address at its
 * start ("Sam Carter <sam@x.com> wrote:"), 0 for anything else ("Sounds good!").
 */
const HEAD_AT_START = /^\s*(?:\d|\p{L}{2,4}[.,]\s)/u;
const NAME_THEN_ADDRESS = /^\s*"?[\p{L}][\p{L}\p{M} .,'’-]{0,60}"?\s*(?:\(\s*)?<[^<>\s]*@/u;
const headRank = (line: string): number => {
  if ((OPENER.test(line.trim()) || HEAD_AT_START.test(line)) && (DATEISH.test(line) || TIME.test(line))) return 2;
  return NAME_THEN_ADDRESS.test(line) ? 1 : 0;
};

/**
 * Whether line i is the first line of an attribution that line i+1 continues, when an
 * attribution could also start at i+1. A reply line right above the header ("Sounds good!")
 * is the sender's; a header's first line ("On … Maya Okafor <") is not. A line i+1 that opens
 * an attribution by itself starts it.
 */
const headerStartsAbove = (above: string, below: string): boolean => headRank(above) > headRank(below);

/* ---------- Outlook-style header blocks ("From: …\nSent: …\nTo: …\nSubject: …") ---------- */

type HeaderLabel = 'from' | 'date' | 'to' | 'cc' | 'subject' | 'reply-to';

const LABELS: Record<HeaderLabel, string[]> = {
  from: ['from', 'von', 'de', 'da', 'van', 'fra', 'från', 'od', 'от', 'lähettäjä', 'feladó', 'kimden', 'mittente', 'remitente', 'expéditeur', 'absender', 'afzender', 'remetente', '差出人', '送信者', '보낸 사람', '보낸사람', '发件人', '寄件者', '寄件人'],
  date: ['sent', 'date', 'gesendet', 'datum', 'envoyé', 'envoyé le', 'enviado', 'enviado el', 'enviada', 'fecha', 'inviato', 'data', 'verzonden', 'verstuurd', 'sendt', 'skickat', 'wysłano', 'отправлено', 'дата', 'lähetetty', 'päivämäärä', 'elküldve', 'gönderildi', '送信日時', '日付', '보낸 날짜', '보낸날짜', '날짜', '发送时间', '日期', '寄件日期', '時間'],
  to: ['to', 'an', 'à', 'a', 'para', 'aan', 'til', 'till', 'do', 'кому', 'vastaanottaja', 'destinataire', 'destinatario', 'empfänger', 'címzett', 'kime', '宛先', '받는 사람', '받는사람', '收件人', '收件者'],
  cc: ['cc', 'kopie', 'copie', 'copie à', 'cópia', 'copia', 'kopia', 'kopio', 'копия', '참조', '抄送', '副本'],
  subject: ['subject', 'betreff', 'objet', 'asunto', 'oggetto', 'onderwerp', 'assunto', 'emne', 'ämne', 'temat', 'тема', 'aihe', 'tárgy', 'konu', '件名', '제목', '主题', '主旨'],
  'reply-to': ['reply-to', 'antwort an', 'répondre à', 'responder a'],
};
const LABEL_OF = new Map<string, HeaderLabel>(
  (Object.entries(LABELS) as [HeaderLabel, string[]][]).flatMap(([label, names]) => names.map((n) => [n, label] as const)),
);
// HTML-to-text conversions may keep Outlook's bold labels as "*From:*".
const LABEL_LINE = /^\s*\*{0,2}\s*([^:：*<>]{1,24}?)\s*\*{0,2}\s*[:：]\s*\*{0,2}(.*)$/;

const labelOf = (line: string): HeaderLabel | undefined => {
  const m = LABEL_LINE.exec(line);
  // LABEL_LINE's lazy group already leaves out the spaces around the label.
  return m ? LABEL_OF.get(m[1]!.toLowerCase()) : undefined;
};

const SEPARATOR = /^\s*(?:[-_=*~—–]\s*){3,}$/;

/** A From-like line followed by at least two other header labels (one after a separator rule). */
const isHeaderBlockAt = (lines: string[], i: number): boolean => {
  const first = LABEL_LINE.exec(lines[i]!);
  if (!first || labelOf(lines[i]!) !== 'from' || !first[2]!.trim()) return false;
  const seen = new Set<HeaderLabel>();
  for (let j = i + 1, looked = 0; j < lines.length && looked < 8; j++) {
    const line = lines[j]!;
    if (isBlank(line)) continue;
    looked++;
    const label = labelOf(line);
    if (label && label !== 'from') seen.add(label);
    // Address lists wrap onto indented continuation lines; anything else ends the block.
    else if (!label && !/^\s/.test(line)) break;
  }
  let above = i - 1;
  while (above >= 0 && isBlank(lines[above]!)) above--;
  const afterRule = above >= 0 && SEPARATOR.test(lines[above]!);
  return seen.size >= 2 || (afterRule && seen.size >= 1);
};

/* ---------- "-----Original Message-----" and forwarded-message rules ---------- */

const FRAMED = /^\s*[-_=*]{2,}\s*([^-_=*].{1,200}?)\s*[-_=*]{2,}\s*$/;
const FRAMED_WORDS =
  /original|ursprüngliche|d'origine|d’origine|oorspronkelijk|origineel|forwarded|weitergeleitet|transféré|transmis|reenviado|inoltrato|doorgestuurd|encaminhad|reencaminhad|opprinnelig|oprindelig|ursprungligt|alkuperäinen|oryginalna|исходное|пересылаем|원본|전달|元のメッセージ|転送|原始邮件|原始郵件|转发|轉寄/i;
const FORWARD_INTRO =
  /^\s*(?:begin forwarded message|anfang der weitergeleiteten nachricht|début du message (?:réexpédié|transféré)|inicio del mensaje reenviado|inizio messaggio inoltrato|begin doorgestuurd bericht|início da mensagem (?:reencaminhada|encaminhada)|転送されたメッセージ|전달된 메시지)\s*[:：]/i;

const isHistoryRule = (line: string): boolean => {
  const framed = FRAMED.exec(line);
  // Some webmails frame the attribution itself: "---- On … Sam <sam@x> wrote ----".
  const framedAttribution = framed !== null && VERB_ANYWHERE.test(framed[1]!) && (ADDRESS.test(framed[1]!) || DATEISH.test(framed[1]!));
  return (framed !== null && FRAMED_WORDS.test(framed[1]!)) || framedAttribution || FORWARD_INTRO.test(line);
};

/* ---------- signatures ---------- */

const SIG_DELIMITER = /^--\s?$/;

const POSSESSIVE = /^(?:my|mon|ma|mi|mio|mia|meu|minha|mijn|meinem|min|mitt|mój|moim|mojego)\s/iu;
// What a mobile sign-off names: a device, a carrier or a mail app.
const DEVICE_OR_APP =
  /(?<!\p{L})(?:iphone|ipad|ipod|apple watch|android|galaxy|samsung|huawei|xiaomi|oneplus|pixel|nokia|motorola|xperia|htc|blackberry|verizon|t-mobile|smartphone|phone|mobile|mobil|móvil|cellulare|celular|handy|tablet|device|appareil|dispositivo|outlook|yahoo|gmail|aol|mail|proton|superhuman|spark|edison|airmail|newton|bluemail|fairemail|k-9|thunderbird)(?!\p{L})/iu;
const SENT_FROM =
  /^(?:sent|envoyé|enviado|enviada|inviato|verstuurd|verzonden|gesendet|sendt|skickat|wysłane|lähetetty|отправлено)\s+(?:from|with|via|using|on|de|depuis|desde|do|dal|da|vanaf|met|von|mit|fra|från|z|с)\s+(.+)$/iu;
// A device name: words, digits and a few joiners; a comma only inside a carrier's own
// wording ("Sent from my Verizon, Samsung Galaxy smartphone").
const DEVICE_WORDS = /^[\p{L}\p{N}][\p{L}\p{N} .'’&+™®-]*$/u;
const MAX_DEVICE_WORDS = 6;

const isDeviceName = (named: string): boolean => {
  // A link on a name ("Sent from Mail<https://go.microsoft.com/…> for Windows") is part of the footer.
  const name = named.replace(/\s*<https?:[^>]*>/gi, '').replace(/\.$/, '').replace(POSSESSIVE, '').trim();
  const segments = name.split(',').map((part) => part.trim());
  if (segments.length > 2 || name.split(/\s+/).length > MAX_DEVICE_WORDS) return false;
  return segments.every((part) => DEVICE_WORDS.test(part)) && DEVICE_OR_APP.test(segments.at(-1)!);
};

const MOBILE_SIGNATURE = [
  /^von meine[mnr]\s.{1,40}\sgesendet\.?$/i,
  /^(?:get|télécharger|obtenir|holen sie sich|descargar|obtener|scarica|download|baixe|obter)\s+outlook\s+(?:for|pour|für|para|per|voor)\s+(?:ios|android)(?:\s*<[^>]*>)?$/i,
  /^outlook\s+(?:for|voor|para|per|pour|für)\s+(?:ios|android)(?:\s*<[^>]*>)?$/i,
  /^\S{1,20}\s?(?:에서 보냄|에서 보낸 메일|から送信|より送信)$/,
  /^(?:发自|發自|来自)(?:我的)?\s*[\p{L}\p{N} ]{1,20}$/u,
];

/** A line of its own in a mobile client's sign-off shape ("Sent from my iPhone"), never a sentence. */
export const isMobileSignOff = (line: string): boolean => {
  const text = line.trim();
  if (!text || text.length > 80) return false;
  const sent = SENT_FROM.exec(text);
  if (sent) return isDeviceName(sent[1]!);
  return MOBILE_SIGNATURE.some((re) => re.test(text));
};

// A sign-off closes the sender's text: at most this many of their lines follow it (a name,
// a footer link) for it to count as one.
const SIGN_OFF_TAIL = 2;

/** Cut at a mobile sign-off near the end; one higher up is left as the sender wrote it. */
const withoutMobileSignOff = (lines: string[]): string[] => {
  const at = lines.findIndex(isMobileSignOff);
  if (at < 0) return lines;
  const after = lines.slice(at + 1).filter((l) => !isBlank(l) && !SEPARATOR.test(l)).length;
  return after <= SIGN_OFF_TAIL ? lines.slice(0, at) : lines;
};

/* ---------- passes ---------- */

/**
 * Quoted runs are dropped later anyway; keeping two lines of each preserves what the rules
 * look at ("wrote:" then "> ", "Begin forwarded message:" then "> From:") and keeps the
 * forward parser, whose cost grows with the text, cheap on long histories.
 */
const collapseQuotedRuns = (text: string): string => {
  const out: string[] = [];
  let run = 0;
  for (const line of text.split('\n')) {
    run = isQuoted(line) ? run + 1 : 0;
    if (run <= 2) out.push(line);
  }
  return out.join('\n');
};

/*
 * A long quoted line that a client re-wrapped loses its ">" on the overflow
 * ("> …we could shoot on the\n14th if the studio is free\n> Let me know"). Such a line is
 * history, not an inline answer: it follows a long quoted line that stops mid-sentence, with
 * no blank line between, and either reads on in lower case or sits between quoted lines
 * without ending a sentence.
 */
const WRAP_MIN = 50;
const MAX_WRAPPED = 3;
const SENTENCE_END = /[.?!:;…)"'’”。？！]\s*$/u;
const CONTINUES = /^\s*[\p{Ll}(,]/u;

const quotedContent = (line: string) => line.replace(/^\s*(?:>\s?)+/, '').trimEnd();
const stopsMidSentence = (quoted: string): boolean => {
  const content = quotedContent(quoted);
  return content.length >= WRAP_MIN && !SENTENCE_END.test(content);
};

const withoutWrappedQuoteTails = (lines: string[]): string[] => {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    out.push(lines[i]!);
    if (!isQuoted(lines[i]!) || !stopsMidSentence(lines[i]!)) continue;
    let end = i + 1;
    while (end < lines.length && end - i <= MAX_WRAPPED + 1 && !isBlank(lines[end]!) && !isQuoted(lines[end]!)) end++;
    const run = end - i - 1;
    // (With no unquoted line after it, run is 0 and the rules below leave i where it is.)
    if (run > MAX_WRAPPED) continue;
    const sandwiched = end < lines.length && isQuoted(lines[end]!);
    // Between quoted lines, only whole sentences ("$1,200.") are an inline answer.
    const answer = SENTENCE_END.test(lines[end - 1]!);
    if (CONTINUES.test(lines[i + 1]!) || (sandwiched && !answer)) i = end - 1;
  }
  return out;
};

const withoutForward = (text: string): string => {
  try {
    const result = forwardParser.read(text);
    return result.forwarded ? (result.message ?? '') : text;
  } catch {
    // A parser failure must not lose the message: our own forward rules still run.
    return text;
  }
};

const scan = (lines: string[]): string[] => {
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    const line = lines[i]!;
    if (isQuoted(line)) {
      i++;
      continue;
    }
    if (isHistoryRule(line) || isHeaderBlockAt(lines, i) || SIG_DELIMITER.test(line)) break;
    const attribution = attributionAt(lines, i);
    // A header wrapped over lines may have swallowed the reply line right above it.
    if (attribution && attribution.end - i > 1 && attributionAt(lines, i + 1) && !headerStartsAbove(line, lines[i + 1]!)) {
      out.push(line);
      i++;
      continue;
    }
    if (attribution) {
      let next = attribution.end;
      while (next < lines.length && isBlank(lines[next]!)) next++;
      // Quoted lines follow: drop the header, keep scanning (bottom-posted and inline replies).
      if (next < lines.length && isQuoted(lines[next]!)) {
        i = attribution.end;
        continue;
      }
      // Unquoted history follows a "wrote:" line: nothing below is the sender's.
      if (attribution.strong) break;
    }
    out.push(line);
    i++;
  }
  return out;
};

const FROM_WITH_ADDRESS = /^\s*\S{1,20}\s?[:：].*[<[]/;

const firstQuotedFragment = (text: string) => {
  try {
    return replyParser
      .read(text)
      .getFragments()
      .find((f) => f.isQuoted());
  } catch {
    return undefined;
  }
};

/** The first line of the first block email-reply-parser calls quoted, if any. */
const replyParserHeader = (text: string): string | undefined =>
  firstQuotedFragment(text)
    ?.getContent()
    .split('\n')
    .find((l) => !isBlank(l))
    ?.trim();

/** email-reply-parser knows quote headers we may not; accept its cut only at a header-shaped line. */
const cutAtReplyParserHeader = (lines: string[]): string[] => {
  const headerShaped = (l: string) => ENDS_WITH_COLON.test(l) || FROM_WITH_ADDRESS.test(l);
  // Most replies have no header-shaped line left by now: skip the parser's work.
  if (!lines.some(headerShaped)) return lines;
  const header = replyParserHeader(lines.join('\n'));
  if (!header || !headerShaped(header)) return lines;
  // The parser may have joined a wrapped header: find the line it starts with, after a blank line.
  const at = lines.findIndex((l, i) => {
    const t = l.trim();
    return (t === header || (t.length >= 10 && header.startsWith(t))) && (i === 0 || isBlank(lines[i - 1]!));
  });
  return at >= 0 ? lines.slice(0, at) : lines;
};

const tidy = (lines: string[]): string => {
  const trimmed = lines.map((l) => l.trimEnd());
  while (trimmed.length && (isBlank(trimmed.at(-1)!) || SEPARATOR.test(trimmed.at(-1)!))) trimmed.pop();
  return trimmed.join('\n').replace(/\n{3,}/g, '\n\n').trim();
};

// Own words come before this point in any real mail; the cap bounds the regex work on
// pathological bodies (the full text stays in ParsedMessage.text).
const MAX_INPUT = 100_000;

export const ownText = (text: string): string => {
  const normalised = text
    .replace(/\r\n?/g, '\n')
    .replace(/[\uFEFF\u200B]/g, '')
    .replace(/\u00A0/g, ' ');
  const unwrapped = withoutWrappedQuoteTails(normalised.slice(0, MAX_INPUT).split('\n')).join('\n');
  const lines = scan(withoutForward(collapseQuotedRuns(unwrapped)).split('\n'));
  return tidy(withoutMobileSignOff(cutAtReplyParserHeader(lines)));
};
