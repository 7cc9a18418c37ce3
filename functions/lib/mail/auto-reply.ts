/**
 * Tells machine-sent mail (vacation notices, delivery failures) from a person's reply, so a
 * thread's status is not moved by an out-of-office notice or a bounce.
 *
 * Header semantics follow RFC 3834 (Auto-Submitted), RFC 3464/6522 (multipart/report with
 * report-type=delivery-status) and the de-facto headers of common responders (Precedence,
 * X-Autoreply, X-Autorespond, Exchange's X-Auto-Response-Suppress). Subject and body wording
 * are the fallback for responders that set none of those.
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

const isBounce = ({ headers, from, subject, mimeType }: AutoReplyInput): boolean =>
  headers.has('x-failed-recipients') ||
  isDeliveryReport(`${headers.get('content-type') ?? ''} ${mimeType ?? ''}`) ||
  DAEMON_ADDRESS.test(from ?? '') ||
  DAEMON_NAME.test(from ?? '') ||
  BOUNCE_SUBJECT.test(subject);

/* ---------- automatic replies ---------- */

// Phrases no person starts a subject with: they stand alone.
const AUTO_SUBJECT_PREFIX =
  /^\s*[[(]?\s*(?:automatic reply|automated reply|automatic response|auto[- ]?reply|auto[- ]?response|auto[- ]?respond(?:er)?|out of (?:the )?office (?:auto[- ]?reply|reply)|abwesenheitsnotiz|automatische antwort|réponse automatique|reponse automatique|respuesta automática|respuesta automatica|risposta automatica|automatisch antwoord|automatisch bericht|resposta automática|resposta automatica|autosvar|automatisk svar|automaattinen vastaus|odpowiedź automatyczna|автоответ|автоматический ответ|otomatik yanıt|自動返信|自動応答|自動回覆|自动回复|자동\s?회신|자동\s?응답|부재\s?중\s?자동)/iu;
// Words a person might also open a subject with ("Out of office next week?"): only as the
// whole subject or followed by a separator.
const AWAY_SUBJECT_WORD =
  /^\s*[[(]?\s*(?:out of (?:the )?office|ooo|away from (?:the )?office|absence|absent(?:e)?(?: du bureau)?|abwesend(?:heit)?|nicht im büro|fuera de la oficina|ausente|ausencia|fuori (?:ufficio|sede)|assente|afwezig(?:heid)?|niet aanwezig|fora do escritório|ausência|不在(?:のお知らせ)?|休暇|부재\s?중|휴가|auto)\s*(?:[:：\-–—|\])]|$)/iu;
// The same notions anywhere in a subject: a hint only ("Re: Automatic reply: …" is a person).
const AWAY_ANYWHERE =
  /out of (?:the )?office|automatic reply|auto[- ]?reply|abwesenheit|réponse automatique|respuesta automática|fuera de la oficina|risposta automatica|fuori ufficio|automatisch antwoord|resposta automática|自動返信|不在|부재\s?중|자동\s?응답|自动回复/iu;

// A responder saying what it is: enough by itself.
const AUTOMATION_STATEMENT =
  /this is an? (?:automatic|automated|auto-generated) (?:reply|response|message|e-?mail)|(?:ceci est|c'est) une réponse automatique|dies ist eine automatische (?:antwort|nachricht)|esta es una respuesta automática|questa è una risposta automatica|dit is een automatisch (?:antwoord|bericht)|esta é uma resposta automática|(?:自動返信|自動応答)(?:メール)?(?:です|にて)|자동\s?(?:회신|응답)\s?(?:메일)?입니다|(?:此|这)(?:是|为)自动回复/iu;
// Away and come-back wording: a person may write it too ("I'm out until Monday, but yes"),
// so it only counts together with another hint.
const AWAY_BODY =
  /out of (?:the )?office|away from (?:the |my )?(?:office|desk)|(?:i am|i'm|i will be|i'll be) (?:currently )?(?:away|out|on (?:annual |parental |maternity |sick )?(?:leave|vacation|holiday))|limited access to (?:my )?e-?mail|upon my return|on my return|when i (?:return|get back|am back)|je suis (?:actuellement )?absente?|je serai absente?|dès mon retour|à mon retour|(?:nicht im büro|abwesend|im urlaub)|nach meiner rückkehr|(?:estoy|estaré) (?:fuera de la oficina|de vacaciones|ausente)|a mi regreso|(?:sono|sarò) (?:fuori (?:ufficio|sede)|in ferie|assente)|al mio rientro|(?:ik ben|ben ik) .{0,30}(?:afwezig|niet op kantoor|met vakantie)|na mijn terugkeer|(?:estou|estarei) (?:fora do escritório|ausente|de férias)|no meu retorno|不在にして|休暇を(?:取|いただ)|戻り次第|부재\s?중|휴가\s?중|복귀\s?후|不在办公室|休假/iu;

const isFlagged = (value: string | undefined): boolean => value !== undefined && !/^(?:no|false|0)$/i.test(token(value));

const autoReplyScore = ({ headers, subject, ownText }: AutoReplyInput): number => {
  const autoSubmitted = token(headers.get('auto-submitted'));
  if (autoSubmitted && autoSubmitted !== 'no') return 2;
  if (isFlagged(headers.get('x-autoreply')) || isFlagged(headers.get('x-autorespond')) || isFlagged(headers.get('x-autoresponder'))) return 2;
  if (['auto_reply', 'auto-reply', 'bulk', 'junk'].includes(token(headers.get('precedence')))) return 2;
  if (AUTO_SUBJECT_PREFIX.test(subject) || AWAY_SUBJECT_WORD.test(subject)) return 2;
  if (AUTOMATION_STATEMENT.test(ownText)) return 2;
  // Exchange sets X-Auto-Response-Suppress on its own notices but also on meeting requests.
  const hints = [headers.has('x-auto-response-suppress'), AWAY_ANYWHERE.test(subject), AWAY_BODY.test(ownText)];
  return hints.filter(Boolean).length;
};

export const classifyAutoReply = (input: AutoReplyInput): AutoReplyKind => {
  if (isBounce(input)) return 'bounce';
  return autoReplyScore(input) >= 2 ? 'auto_reply' : 'none';
};
