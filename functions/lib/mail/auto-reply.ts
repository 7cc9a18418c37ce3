/**
 * Tells machine-sent mail (vacation notices, delivery failures) from a person's reply, so a
 * thread's status is not moved by an out-of-office notice or a bounce.
 *
 * Header semantics follow RFC 3834 (Auto-Submitted), RFC 3464/6522 (multipart/report with
 * report-type=delivery-status) and the de-facto headers of common responders (X-Autoreply,
 * X-Autorespond, Precedence: auto_reply). Headers a person's mail may carry too (Precedence
 * bulk/list/junk, Exchange's X-Auto-Response-Suppress, a null Return-Path) only count with
 * responder wording in the subject or text. A delay or success notice ("will retry",
 * "delivered successfully") is machine mail but no bounce.
 */
export type AutoReplyKind = 'none' | 'auto_reply' | 'bounce';

export type AutoReplyInput = {
  /** Lower-case header names. */
  headers: Map<string, string>;
  /** The From header or just its address. */
  from?: string;
  subject: string;
  ownText: string;
  /** The payload's MIME type, with or without parameters. */
  mimeType?: string;
};

const token = (value: string | undefined): string => (value ?? '').split(';')[0]!.trim().toLowerCase();

/* ---------- bounces ---------- */

const DAEMON_ADDRESS = /(?:^|[<\s"])(?:mailer-daemon|mailer_daemon|mail-daemon|maildaemon|postmaster)@/i;
const DAEMON_NAME = /^\s*"?mail delivery (?:subsystem|system|service)"?\s*</i;
// Delivery-failure subjects as MTAs write them; anchored at the start because a person's
// reply carries "Re:" first.
const BOUNCE_SUBJECT =
  /^\s*(?:undeliverable|undelivered mail|delivery status notification|mail delivery failed|delivery failure|delivery has failed|returned mail|failure notice|message not delivered|non remis|non distribuable|unzustellbar|nicht zustellbar|no se puede entregar|no entregado|non recapitabile|onbestelbaar|não entregue|não é possível entregar|배달 실패|전송 실패|配信不能|配信エラー|退信|无法投递)(?![\p{L}])/iu;

const isDeliveryReport = (contentType: string): boolean =>
  /multipart\/report/i.test(contentType) && /report-type\s*=\s*"?delivery-status/i.test(contentType);

// What a failure notice says, in the subject or the text; a delay notice says it will retry,
// a success notice (NOTIFY=SUCCESS) that it was delivered or relayed.
const FAILURE_SHAPE =
  /undeliver|not (?:be )?delivered|couldn't be delivered|could not be delivered|wasn't delivered|delivery (?:status notification \(failure\)|has failed|failed|failure)|failure notice|returned mail|address not found|user unknown|unknown user|does not exist|permanent (?:error|failure)|mailbox (?:is )?(?:full|unavailable)|rejected|(?<![\d.])5\.\d{1,3}\.\d{1,3}(?![\d.])|unzustellbar|nicht zustellbar|non remis|non distribuable|no se (?:ha )?(?:podido|puede) entregar|non recapitabile|onbestelbaar|não entregue/i;
// A delay warning names the failure so far ("Your message could not be delivered for more than
// 4 hour(s)", "remains undelivered") but promises more tries: Postfix, Exim and Exchange wording.
const DELAY_WARNING = /warning only|(?:will be|still being) retried|delivery attempts will continue|has not yet been delivered|will continue to be attempted/i;
const NOTICE_SHAPE =
  /\(delay\)|\(success\)|delivered successfully|successfully delivered|delivery (?:was )?(?:successful|complete)|\brelayed\b|delivery delayed|delayed mail|message delayed|temporary (?:problem|failure)|will (?:retry|try again|keep trying)|still (?:being )?(?:retried|trying)|verzögert|retardé|retrasad|ritardat/i;

/** What the sender's address and name say: a mail system, not a person. */
const isDaemon = (from = ''): boolean => DAEMON_ADDRESS.test(from) || DAEMON_NAME.test(from);

/** 'bounce' for a delivery failure, 'notice' for one that delivery is still tried or done. */
const deliveryNotice = ({ headers, from, subject, ownText, mimeType }: AutoReplyInput): 'bounce' | 'notice' | undefined => {
  const said = `${subject}\n${ownText}`;
  const report = isDeliveryReport([headers.get('content-type'), mimeType].join(' '));
  const failureSignal = headers.has('x-failed-recipients') || BOUNCE_SUBJECT.test(subject);
  if (!failureSignal && !report && !isDaemon(from)) return undefined;
  if (DELAY_WARNING.test(said)) return 'notice';
  if (failureSignal) return NOTICE_SHAPE.test(said) && !FAILURE_SHAPE.test(said) ? 'notice' : 'bounce';
  if (FAILURE_SHAPE.test(said)) return 'bounce';
  if (NOTICE_SHAPE.test(said)) return 'notice';
  // A delivery-status report says nothing else; a daemon's other notices are still machine mail.
  return report ? 'bounce' : 'notice';
};

/* ---------- automatic replies ---------- */

// Phrases no person starts a subject with: they stand alone.
const AUTO_SUBJECT_PREFIX =
  /^\s*[[(]?\s*(?:automatic reply|automated reply|automatic response|auto[- ]?reply|auto[- ]?response|auto[- ]?respond(?:er)?|out of (?:the )?office (?:auto[- ]?reply|reply)|abwesenheitsnotiz|automatische antwort|réponse automatique|reponse automatique|respuesta automática|respuesta automatica|risposta automatica|automatisch antwoord|automatisch bericht|resposta automática|resposta automatica|autosvar|automatisk svar|automaattinen vastaus|odpowiedź automatyczna|автоответ|автоматический ответ|otomatik yanıt|自動返信|自動応答|自動回覆|自动回复|자동\s?회신|자동\s?응답|부재\s?중\s?자동)/iu;
// Words a person might also open a subject with ("Out of office next week?"): only as the
// whole subject or followed by a separator.
const AWAY_SUBJECT_WORD =
  /^\s*[[(]?\s*(?:out of (?:the )?office|ooo|away from (?:the )?office|absence|absent(?:e)?(?: du bureau)?|abwesen(?:d|heit)|nicht im büro|fuera de la oficina|ausente|ausencia|fuori (?:ufficio|sede)|assente|afwezig(?:heid)?|niet aanwezig|fora do escritório|ausência|不在(?:のお知らせ)?|休暇|부재\s?중|휴가|auto)\s*(?:[:：\-–—|\])]|$)/iu;
// The same notions anywhere in a subject: a hint only ("Re: Automatic reply: …" is a person).
const AWAY_ANYWHERE =
  /out of (?:the )?office|automatic reply|auto[- ]?reply|abwesenheit|réponse automatique|respuesta automática|fuera de la oficina|risposta automatica|fuori ufficio|automatisch antwoord|resposta automática|自動返信|不在|부재\s?중|자동\s?응답|自动回复/iu;

// A responder saying what it is: enough by itself.
const AUTOMATION_STATEMENT =
  /this is an? (?:automatic|automated|auto-generated) (?:reply|response|message|e-?mail)|(?:ceci est|c'est) une réponse automatique|dies ist eine automatische (?:antwort|nachricht)|esta es una respuesta automática|questa è una risposta automatica|dit is een automatisch (?:antwoord|bericht)|esta é uma resposta automática|(?:自動返信|自動応答)(?:メール)?(?:です|にて)|자동\s?(?:회신|응답)\s?(?:메일)?입니다|(?:此|这)(?:是|为)自动回复/iu;
// Away and come-back wording: a person may write it too ("I'm out until Monday, but yes"),
// so it only counts together with another hint.
const AWAY_BODY =
  /out of (?:the )?office|away from (?:the |my )?(?:office|desk)|(?:i am|i'm|i will be|i'll be) (?:currently )?(?:away|out|on (?:annual |parental |maternity |sick )?(?:leave|vacation|holiday))\b|limited access to (?:my )?e-?mail|not (?:be )?checking (?:this|my) (?:inbox|e-?mails?)|upon my return|on my return|when i (?:return|get back|am back)|je suis (?:actuellement )?absente?|je serai absente?|dès mon retour|à mon retour|(?:nicht im büro|abwesend|im urlaub)|nach meiner rückkehr|(?:estoy|estaré) (?:fuera de la oficina|de vacaciones|ausente)|a mi regreso|(?:sono|sarò) (?:fuori (?:ufficio|sede)|in ferie|assente)|al mio rientro|(?:ik ben|ben ik) .{0,30}(?:afwezig|niet op kantoor|met vakantie)|na mijn terugkeer|(?:estou|estarei) (?:fora do escritório|ausente|de férias)|no meu retorno|不在にして|休暇を(?:取|いただ)|戻り次第|부재\s?중|휴가\s?중|복귀\s?후|不在办公室|休假/iu;

// "Away: …" as a subject's first word: a hint, a person might title a note so.
const AWAY_SUBJECT_HINT = /^\s*[[(]?\s*away\s*[:：\-–—|\])]/iu;

const isFlagged = (value: string | undefined): boolean => value !== undefined && !/^(?:no|false|0)$/i.test(token(value));

/** Headers only responders set: enough by themselves (RFC 3834 and the de-facto ones). */
const saysAutomatic = (headers: Map<string, string>): boolean => {
  const autoSubmitted = token(headers.get('auto-submitted'));
  return (
    (autoSubmitted !== '' && autoSubmitted !== 'no') ||
    isFlagged(headers.get('x-autoreply')) ||
    isFlagged(headers.get('x-autorespond')) ||
    isFlagged(headers.get('x-autoresponder')) ||
    token(headers.get('x-autogenerated')) === 'reply' ||
    ['auto_reply', 'auto-reply'].includes(token(headers.get('precedence')))
  );
};

/**
 * Headers that a responder sets but that a person's mail may carry too: Precedence bulk/junk
 * (list servers and old vacation programs), Exchange's X-Auto-Response-Suppress (meeting
 * requests too), a null Return-Path (RFC 3834 §3.3 asks responders for one; so do bounces).
 */
const headerHint = (headers: Map<string, string>): boolean =>
  ['bulk', 'junk'].includes(token(headers.get('precedence'))) ||
  headers.has('x-auto-response-suppress') ||
  headers.get('return-path')?.replace(/\s/g, '') === '<>';

/** Subject and text wording that a responder writes but that a person might also write. */
const wordingHints = (subject: string, ownText: string): number =>
  [AWAY_ANYWHERE.test(subject) || AWAY_SUBJECT_HINT.test(subject), AWAY_BODY.test(ownText)].filter(Boolean).length;

const isAutoReply = ({ headers, subject, ownText }: AutoReplyInput): boolean => {
  if (saysAutomatic(headers)) return true;
  if (AUTO_SUBJECT_PREFIX.test(subject) || AWAY_SUBJECT_WORD.test(subject)) return true;
  if (AUTOMATION_STATEMENT.test(ownText)) return true;
  // Hints count in pairs, and the headers give one at most, so one is always wording: headers
  // alone (a list's "Precedence: list", an Exchange header) never make a person's reply automatic.
  return wordingHints(subject, ownText) + (headerHint(headers) ? 1 : 0) >= 2;
};

export const classifyAutoReply = (input: AutoReplyInput): AutoReplyKind => {
  const notice = deliveryNotice(input);
  if (notice === 'bounce') return 'bounce';
  if (notice === 'notice') return 'auto_reply';
  return isAutoReply(input) ? 'auto_reply' : 'none';
};
