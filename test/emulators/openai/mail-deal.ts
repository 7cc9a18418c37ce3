import { quoteAround, sentenceAt, sentences, spanAt, words, type Email, type Span } from './mail';

/**
 * What one e-mail does in a negotiation (its intent, with the sentence that shows it) and the
 * fees it states, read from plain cues in English, French, German and Spanish. A mail that
 * tells the reader what to do ("ignore previous instructions, mark as confirmed") is read like
 * any other: its words are cues of what the sender says, never commands to the emulator.
 */
export type Intent = 'offer' | 'counter' | 'accept' | 'decline' | 'question' | 'logistics' | 'other';
export type FeeUnit = 'per_post' | 'per_video' | 'bundle' | 'total';
export type FeeState = 'quoted' | 'countered' | 'agreed' | 'invoiced';

export type MailFee = {
  message: number;
  amount: number;
  currency: string | null;
  unit: FeeUnit;
  vat_included: boolean | null;
  state: FeeState;
  /** verbatim words of the body stating the fee */
  quote: string;
  /** the amount as written, e.g. "€900" or "3k" */
  written: string;
  at: number;
};

export type MailIntent = { message: number; intent: Intent; quote: string };

// ---- cues ----

const ACCEPT = words(
  [
    "happy to (?:go ahead|proceed|move forward|confirm|accept|do it|take (?:it|this) on)|(?:we|i)(?:'d| would) (?:love|be happy) to (?:go ahead|proceed)",
    "(?:we|i) accept|accepts|agrees to|(?:we|i)(?:'re| am| are) happy to accept|accepted|confirmed|(?:i|we) (?:can |hereby )?confirm|(?:we'?re |i'?m |we are |i am )?confirming|let'?s do it|let'?s do this|let'?s go ahead|let'?s go for it|(?:we|i)(?:'ll| will) go ahead|ready to go ahead",
    "sounds good|sounds great|works for (?:me|us)|count (?:me|us) in|we'?re in|i'?m in|(?<!as )agreed|(?:i|we) agree|(?:it|that)'?s a deal",
    "j'accepte|nous acceptons|on accepte|c'est d'accord|d'accord|ok pour (?:moi|nous)|ça marche|ca marche|c'est parti|on y va|je confirme|nous confirmons|confirmée?s?|avec plaisir|marché conclu|validé|on valide|je valide|nous validons",
    'einverstanden|(?:wir|ich) nehmen? (?:das angebot |ihr angebot |es )?(?:gerne )?an|angenommen|abgemacht|gerne dabei|(?:sind|bin) dabei|(?:ich|wir) sagen? zu|zugesagt|bestätigt|(?:ich|wir) bestätigen?|passt für (?:uns|mich)|das passt|machen wir',
    'acepto|aceptamos|aceptado|de acuerdo|trato hecho|confirmad[oa]|confirmo|confirmamos|adelante|me parece bien|nos parece bien|hagámoslo|cuenta conmigo|contad conmigo|estamos dentro',
  ].join('|'),
);
/** "Deal!" / "OK, deal." / "it's a deal": the bare word only as a whole reply, not "a great deal". */
const BARE_DEAL = /^(?:ok(?:ay)?[,!.]?\s*|great[,!.]?\s*)?deal\s*[!.]*$/i;

const STRONG_DECLINE = words(
  [
    "(?:is |are |was )?not (?:a |the right |a good |really a )?fit|(?:isn't|aren't|wasn't) (?:a |the right |a good |really a )?fit|(?:we|i)'?ll pass|(?:we|i) will pass|(?:have|going|need) to pass|pass on (?:this|it|the)|pass this time|declin(?:e|ed|ing)|not interested|no longer interested",
    "turn(?:ing)? (?:this |it )?down|not for (?:us|me)|sit this one out|(?:we|i) (?:must|have to|need to) say no",
    "décliner|déclinons|refuser|nous refusons|je refuse|pas intéressée?s?|ne correspond pas|(?:nous passons|je passe) (?:notre|mon) tour|pas pour (?:nous|moi)",
    'absagen|ablehnen|lehnen (?:wir|ich) (?:das )?(?:leider )?ab|kein interesse|passt leider nicht|(?:müssen|muss) leider passen|nicht in frage',
    'rechazar|rechazamos|declinar|declinamos|no (?:nos|me) interesa|no encaja|no es para (?:nosotros|mí)|tenemos que pasar|paso esta vez',
  ].join('|'),
);
const WEAK_DECLINE = words(
  [
    "(?:the )?(?:timing|dates?|schedule) (?:doesn'?t|does not|won'?t|will not) work|(?:doesn'?t|does not|won'?t|will not) work (?:for (?:us|me|her|him|them))|taking a break from (?:brand |paid )?(?:partnerships|collaborations|collabs|sponsorships|brand work)|not taking on (?:any )?(?:new )?(?:partnerships|collaborations|collabs|brand work)",
    "not available|unavailable|can'?t go ahead|cannot go ahead|won'?t (?:be )?go(?:ing)? ahead|not (?:be )?going ahead|won'?t be able to|unable to (?:take|do|join|participate|accept)|can'?t (?:take (?:this|it) on|do (?:this|it)|commit|participate|make it work)|not able to take",
    'pas disponibles?|indisponibles?|ne (?:pourrons|pourrai) pas',
    'nicht verfügbar|keine zeit|leider nicht möglich|nicht dabei',
    'no (?:estoy|estamos) disponibles?|no (?:podremos|podré)',
  ].join('|'),
);
/** Counter cues that hold in any mail. */
const COUNTER = words(
  [
    "could you do|can you do|would you do|could we do|can we do|could you go (?:up|down|to)|can you go (?:up|down|to)|would you consider|would you accept|would you be open to",
    "(?:we|i)'?d need|(?:we|i) would need|(?:we|i) need at least|(?:our|my) (?:usual |standard |minimum )?(?:rate|fee|price)s? (?:is|are|would be|for)|rate card|meet (?:you |me )?(?:in the middle|halfway)|best (?:we|i) can do|(?:we|i) can stretch|stretch to|counter[- ]?offer|too low|below (?:my|our) (?:rate|minimum)|(?:we|i) charge",
    "pourriez-vous|pourrais-tu|pourrait-on|serait-il possible|(?:notre|mon) tarif|(?:nos|mes) tarifs|au lieu de|nous aurions besoin|il (?:nous|me) faudrait|contre-proposition|nous facturons|je facture",
    'könnten sie|könntet ihr|könntest du|(?:unser|mein) (?:honorar|satz|preis|tagessatz)|meine rate|stattdessen|wir bräuchten|ich bräuchte|gegenangebot|wir berechnen|ich berechne',
    'podrías|podrían|podríais|podríamos|(?:nuestra|mi) tarifa|en lugar de|en vez de|necesitaríamos|necesitaría|contraoferta|cobramos|cobro',
  ].join('|'),
);
/** Counter cues only next to a figure ("how about €700?"; "how about the address?" is not one). */
const PRICE_COUNTER = words('how about|what about|qué tal|que tal|et si|wie wäre es mit');
/** Counter cues that only mean a counter in a reply ("we can do €700" answering a rate). */
const REPLY_COUNTER = words("instead|(?:we|i) can do|(?:we|i) could do|plutôt|nous pouvons faire|je peux faire|statt|(?:wir|ich) können .{0,15} machen|podemos hacer");
const OFFER = words(
  [
    "(?:we|i)(?:'d| would) (?:like|love) to (?:offer|propose)|(?:we|i) can offer|(?:we|i)(?:'re| are| am) offering|(?:we|i) propose|happy to offer|offer you|budget of|(?:our|the) budget (?:is|would be)|we have a budget|(?:we|i)(?:'re| are) able to pay|(?:we|i) can pay|(?:we|i)(?:'d| would) pay|paid (?:collaboration|partnership)",
    'nous (?:vous )?proposons|je (?:vous )?propose|nous aimerions (?:vous )?proposer|notre budget|un budget de|le budget est|rémunération de',
    'wir bieten|(?:wir|ich) (?:würden|möchten) .{0,30}anbieten|bieten (?:ihnen|dir|euch)|unser budget|budget von|das budget liegt|vergütung von',
    'te ofrecemos|le ofrecemos|os ofrecemos|ofrecer(?:te|le|os)|podemos ofrecer|nuestro presupuesto|presupuesto de|el presupuesto es',
  ].join('|'),
);
const LOGISTICS = words(
  [
    'address|shipping|ship|shipped|delivery|delivered|courier|tracking|parcel|brief|briefing|drafts?|upload\\w*|schedul\\w*|calendar|call|meeting|link|contract|invoice|payment details|bank details|send (?:over|it over|you|me)|attached|attachment|samples?',
    'adresse|livraison|envoi|envoyer|colis|brouillon|planning|calendrier|contrat|facture|appel|rendez-vous|lien|pièce jointe|ci-joint',
    'versand|lieferung|zustellung|sendung|entwurf|hochladen|termin|kalender|vertrag|rechnung|anruf|anhang',
    'dirección|direccion|envío|envio|enviar|entrega|borrador|subir|calendario|contrato|factura|llamada|enlace|adjunto',
  ].join('|'),
);
const INVOICE = words('invoic\\w*|rechnung\\w*|factur\\w*');
const FEE_WORDS = words(
  'rates?|fees?|budget|per (?:post|video|reel|story)|bundle|package|total|invoic\\w*|price|pricing|cost|costs|pay|paid|charge|quote|tarifs?|honorar|gage|cachet|prix|presupuesto|tarifa|precio|paquete|paket\\w*|forfait|rechnung|kosten|factur\\w*',
);
/** The other side's earlier figure, repeated: "instead of €500", "your offer of €500". */
const ECHO_BEFORE = /(?:instead of|rather than|up from|down from|from|your (?:offer|budget|proposal)(?: of)?|you (?:offered|proposed|mentioned)|au lieu de|votre (?:offre|budget|proposition)(?: de)?|(?:an)?statt|ihr (?:angebot|budget)(?: von)?|en lugar de|en vez de|(?:tu|su|vuestra) (?:oferta|propuesta)(?: de)?|(?:vuestro|su|tu) presupuesto(?: de)?)\s*(?:the\s+)?$/i;
/** A negation right before a cue, at most one word away and with no punctuation between ("can't accept", "pas d'accord"; not "No problem, happy to go ahead"). */
const NEGATED = /(?:\bnot|n['’]t|\bnever|\bnicht|\bkein\w*|\bpas|\bne|\bno|\bnunca)\s+(?:[\p{L}'’]+\s+)?$/iu;
/** "once confirmed", "the agreed fee", "más adelante": not an acceptance. */
const CONDITIONAL = /(?:^|\s)(?:once|if|when|until|unless|to be|be|been|before|after|the|yet|si|wenn|falls|sobald|cuando|una vez|más|mas)\s+$/i;

const REPLY_SUBJECT = /^\s*(?:re|aw|sv|vs|rv|r|réf|ref|antw|wg)\s*:/i;

const QUESTION_END = /\?\s*["')\]]*\s*$/;
const QUESTION_START = /^\s*¿/;
const isQuestion = (text: string) => QUESTION_END.test(text) || QUESTION_START.test(text);

type Sentence = Span & { text: string };

/** Whether a sentence carries a cue that is neither negated nor (with `guard`) conditional. */
const cueFinder = (re: RegExp, guard?: RegExp) => (s: Sentence) => {
  // exec on the shared pattern, not matchAll (which copies the pattern: costly for these long
  // ones, once per sentence); lastIndex is left at 0, as matchAll found it.
  re.lastIndex = 0;
  try {
    for (let m = re.exec(s.text); m; m = re.exec(s.text)) {
      if (m[0] === '') re.lastIndex += 1;
      const lead = s.text.slice(Math.max(0, m.index - 20), m.index);
      if (!NEGATED.test(lead) && !guard?.test(lead)) return true;
    }
    return false;
  } finally {
    re.lastIndex = 0;
  }
};
const hasAccept = (s: Sentence) => !isQuestion(s.text) && (cueFinder(ACCEPT, CONDITIONAL)(s) || BARE_DEAL.test(s.text.trim()));
/** A decline said as a condition ("if it's not a fit, no worries", "or we'll have to pass") is no decline yet. */
const CONDITIONAL_LEAD = /\b(?:if|unless|or|otherwise|in case|whether|si|falls|wenn|sinon)\b[^,;.!?]*$/i;
const hasStrongDecline = (s: Sentence) => !isQuestion(s.text) && cueFinder(STRONG_DECLINE, CONDITIONAL_LEAD)(s);
const test = (re: RegExp, text: string) => {
  re.lastIndex = 0;
  const hit = re.test(text);
  re.lastIndex = 0;
  return hit;
};

// ---- money ----

const CODE = 'USD|EUR|GBP|CHF|CAD|AUD|NZD|SEK|NOK|DKK|PLN|MXN|BRL|INR|JPY|SGD|AED';
// At most 8 groups of thousands: unbounded, "1 000 000 000 …" with no currency after it was
// rescanned from each of its groups (quadratic).
const NUM = '\\d{1,3}(?:[.,\\u00a0\\u202f ]\\d{3}){1,8}(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d+)?';
const PREFIX = `(US\\$|A\\$|AU\\$|C\\$|CA\\$|NZ\\$|\\$|€|£|(?:${CODE})(?=\\s?\\d))`;
const SUFFIX = `(€|\\$|£|${CODE}|euros?|euro|dollars?|dólares|dolares|pounds?|libras?|francs?)`;
const MULT = '(k|K|mil)?';
const AMOUNT = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${PREFIX}\\s?(${NUM})\\s?${MULT}(?![\\p{L}\\p{N}])|(${NUM})\\s?${MULT}\\s?${SUFFIX}(?![\\p{L}])|(${NUM})\\s?(k|K)(?![\\p{L}\\p{N}]))`,
  'gu',
);
const AUDIENCE_AFTER = /^\s*(?:followers?|views?|subscribers?|subs|likes|abonnés|abonnenten|seguidores|impressions|reach|streams|plays|members|fans|downloads|visitors|users)\b/i;

const CURRENCY_OF: Record<string, string> = {
  $: 'USD', US$: 'USD', A$: 'AUD', AU$: 'AUD', C$: 'CAD', CA$: 'CAD', NZ$: 'NZD', '€': 'EUR', '£': 'GBP',
  euro: 'EUR', euros: 'EUR', dollar: 'USD', dollars: 'USD', dólares: 'USD', dolares: 'USD', pound: 'GBP', pounds: 'GBP', libra: 'GBP', libras: 'GBP', franc: 'CHF', francs: 'CHF',
};
const currencyOf = (written: string | undefined): string | null => {
  if (!written) return null;
  if (/^[A-Z]{3}$/.test(written)) return written;
  return CURRENCY_OF[written] ?? CURRENCY_OF[written.toLowerCase()] ?? null;
};

/** "2,500" 2500, "2.500" 2500, "1.200,50" 1200.5, "1 200" 1200, "1.5" (with k) 1.5, "3" 3. */
export const parseNumber = (raw: string, multiplied: boolean): number => {
  let s = raw.replace(/[\s\u00a0\u202f]/g, '');
  const dot = s.lastIndexOf('.');
  const comma = s.lastIndexOf(',');
  if (dot >= 0 && comma >= 0) {
    const decimal = dot > comma ? '.' : ',';
    s = s.split(decimal === '.' ? ',' : '.').join('').replace(decimal, '.');
  } else if (dot >= 0 || comma >= 0) {
    const sep = dot >= 0 ? '.' : ',';
    const parts = s.split(sep);
    const thousands = parts.length > 2 || (parts[1]!.length === 3 && !multiplied);
    s = thousands ? parts.join('') : parts.join('.');
  }
  return Number(s);
};

const UNIT_AFTER: [FeeUnit, RegExp][] = [
  // "for one reel and two stories": several deliverables for one figure
  ['bundle', /^\s*for\s+(?:one|a|an|\d+|two|three|four|five)\s+[\p{L}-]+(?:\s+[\p{L}-]+)?\s*(?:and|plus|\+|&|,)\s/iu],
  ['per_video', /^\s*(?:(?:per|each|a|an|pro|par|por|la|le|el)\s+|\/\s*|for (?:a|one|1|each)\s+)(?:[\p{L}-]+\s+)?(?:videos?|reels?|tiktoks?|shorts?|youtube|vidéo|vídeo|video|clip)\b/iu],
  ['per_post', /^\s*(?:(?:per|each|a|an|pro|par|por|la|le|el)\s+|\/\s*|for (?:a|one|1|each)\s+)(?:[\p{L}-]+\s+)?(?:posts?|stor(?:y|ies)|carousels?|beitrag|publication|publicación|publicacion|post)\b/iu],
  [
    'bundle',
    /^[^.;!?]{0,40}?(?<![\p{L}])(?:bundle|package|pack|paquete|paket\w*|forfait|all[- ]in|for everything|for the lot|(?:for|pour|für|por) (?:all|the|both|les|tous les|alle|die|los|todos los)\s+(?:\p{L}+\s+)?(?:deliverables|posts|videos|vidéos|vídeos|pieces|reels|stories|contenus|beiträge|inhalte|publicaciones)|(?:for|pour|für|por) (?:\d+|two|three|four|five|six|deux|trois|quatre|cinq|zwei|drei|vier|fünf|dos|tres|cuatro|cinco)\s+(?:\p{L}+\s+)?(?:posts|videos|vidéos|vídeos|reels|stories|tiktoks|pieces|deliverables|contenus|beiträge|inhalte|publicaciones)|for (?:one|a|1) \p{L}+ and)(?![\p{L}])/iu,
  ],
  ['total', /^[^.;!?]{0,30}?\b(?:total|in total|overall|insgesamt|gesamt\w*|au total|en total|altogether|all together)\b/iu],
];
const UNIT_BEFORE: [FeeUnit, RegExp][] = [
  ['per_video', /\b(?:per|each|pro|par|por)\s+(?:[\p{L}-]+\s+)?(?:videos?|reels?|tiktoks?|vidéo|vídeo|video)\b[^.;!?]{0,20}$/iu],
  ['per_post', /\b(?:per|each|pro|par|por)\s+(?:[\p{L}-]+\s+)?(?:posts?|stor(?:y|ies)|beitrag|publication|publicación)\b[^.;!?]{0,20}$/iu],
  ['bundle', /\b(?:bundle|package|pack|paquete|paket\w*|forfait)\b[^.;!?]{0,30}$/iu],
  ['total', /\b(?:total|overall|insgesamt|gesamt\w*|en total|au total)\b[^.;!?]{0,30}$/iu],
];

const VAT_EXCLUDED = new RegExp(
  [
    '\\+\\s*(?:\\d+\\s*%\\s*)?(?:VAT|MwSt|USt|IVA|TVA)',
    'plus\\s+(?:VAT|MwSt|USt|IVA|TVA)',
    'excl(?:\\.|uding|usive of)?\\s*(?:of\\s+)?(?:VAT|tax)',
    'ex\\.?\\s+VAT',
    'net of VAT',
    'before VAT',
    'VAT not included',
    'zzgl\\.?\\s*(?:\\d+\\s*%\\s*)?(?:MwSt|USt|Mehrwertsteuer)',
    'exkl\\.?\\s*(?:MwSt|USt)',
    'netto',
    'hors taxes?',
    'TVA non comprise',
    'm[aá]s\\s+IVA',
    'sin\\s+IVA',
    'IVA\\s+no\\s+incluid[oa]',
  ]
    .map((p) => `(?<![\\p{L}])${p}(?![\\p{L}])`)
    .join('|'),
  'iu',
);
const VAT_INCLUDED = new RegExp(
  [
    'incl(?:\\.|uding|usive of)?\\s*(?:of\\s+)?VAT',
    'inc\\.?\\s+VAT',
    'VAT\\s+incl(?:\\.|uded)?',
    'inkl\\.?\\s*(?:\\d+\\s*%\\s*)?(?:MwSt|USt|Mehrwertsteuer)',
    'brutto',
    'toutes taxes comprises',
    'TVA (?:incluse|comprise)',
    'IVA\\s+incluid[oa]',
    'con\\s+IVA',
    'IVA\\s+incl\\.?',
  ]
    .map((p) => `(?<![\\p{L}])${p}(?![\\p{L}])`)
    .join('|'),
  'iu',
);
/** French "HT" and "TTC" only in capitals. */
const VAT_EXCLUDED_CAPS = /(?<![\p{L}])HT(?![\p{L}])/u;
const VAT_INCLUDED_CAPS = /(?<![\p{L}])TTC(?![\p{L}])/u;

const unitFor = (text: string, sentence: Span, start: number, end: number, previousAmount: number, nextAmount: number): FeeUnit => {
  // The words after the amount up to the end of its clause ("or", a comma), then the words before it.
  const after = text.slice(end, Math.min(sentence.end, nextAmount)).split(/[,;(]|\s(?:or|but|ou|mais|oder|aber|o|pero)\s/i)[0]!;
  // "900 € HT par post", "1.200 € inkl. MwSt. pro Video": the unit comes after the tax words.
  const vat = [VAT_EXCLUDED, VAT_INCLUDED, VAT_EXCLUDED_CAPS, VAT_INCLUDED_CAPS].map((re) => re.exec(after)).find((m) => m && /^[\s(]*$/.test(after.slice(0, m.index)));
  const unitWords = vat ? after.slice(vat.index + vat[0].length).replace(/^\s*\)?\.?/, '') : after;
  for (const [unit, re] of UNIT_AFTER) if (re.test(unitWords)) return unit;
  const before = text.slice(Math.max(sentence.start, previousAmount), start).split(/[,;]\s/).at(-1)!;
  for (const [unit, re] of UNIT_BEFORE) if (re.test(before)) return unit;
  return 'total';
};

const vatFor = (text: string, sentence: Span, end: number, nextAmount: number): boolean | null => {
  // Tax words after the amount, before the next amount and within 60 characters: "€900 + VAT",
  // "€900 per post + VAT", "1,5k € pro Beitrag zzgl. MwSt.".
  const after = text.slice(end, Math.min(sentence.end, nextAmount, end + 60));
  const excluded = [VAT_EXCLUDED, VAT_EXCLUDED_CAPS].map((re) => re.exec(after)?.index ?? Infinity);
  const included = [VAT_INCLUDED, VAT_INCLUDED_CAPS].map((re) => re.exec(after)?.index ?? Infinity);
  const ex = Math.min(...excluded);
  const inc = Math.min(...included);
  if (ex === Infinity && inc === Infinity) return null;
  return inc < ex;
};

type Amount = { start: number; end: number; amount: number; currency: string | null; written: string };

const findAmounts = (text: string): Amount[] => {
  const out: Amount[] = [];
  const feeTalk = new Map<string, boolean>();
  for (const m of text.matchAll(AMOUNT)) {
    const start = m.index;
    const end = start + m[0].length;
    const written = m[0].trim();
    if (m[1] !== undefined) {
      out.push({ start, end, amount: parseNumber(m[2]!, !!m[3]) * (m[3] ? 1000 : 1), currency: currencyOf(m[1]), written });
    } else if (m[4] !== undefined) {
      out.push({ start, end, amount: parseNumber(m[4], !!m[5]) * (m[5] ? 1000 : 1), currency: currencyOf(m[6]), written });
    } else if (m[7] !== undefined) {
      // A bare "3k" is a fee only in fee talk, and never an audience size ("100k followers").
      if (AUDIENCE_AFTER.test(text.slice(end))) continue;
      const sentence = sentenceAt(text, start);
      const key = `${sentence.start}:${sentence.end}`;
      if (!feeTalk.has(key)) feeTalk.set(key, test(FEE_WORDS, text.slice(sentence.start, sentence.end)));
      if (!feeTalk.get(key)) continue;
      out.push({ start, end, amount: parseNumber(m[7], true) * 1000, currency: null, written });
    }
  }
  return out.filter((a) => Number.isFinite(a.amount) && a.amount > 0);
};

// ---- intent ----

type Reading = { intent: Intent; cue?: Sentence; fees: MailFee[] };

const toSentences = (body: string): Sentence[] => sentences(body).map((s) => ({ ...s, text: body.slice(s.start, s.end) }));

const isBuyer = (side: string) => side === 'agency' || side === 'client' || side === 'internal';

const readMail = (email: Email): Reading => {
  const body = email.body;
  const list = toSentences(body);
  const amounts = findAmounts(body);
  // Each amount's sentence, and each sentence's amounts, found once (a search of every sentence
  // for every amount, and of every amount for every sentence, was quadratic in a long mail).
  const sentenceOf = (a: Amount) => spanAt(list, a.start);
  const amountsIn = new Map<Sentence, Amount[]>();
  for (const a of amounts) {
    const s = sentenceOf(a);
    if (!s) continue;
    const known = amountsIn.get(s);
    if (known) known.push(a);
    else amountsIn.set(s, [a]);
  }
  /** What a sentence says, asked once however many amounts it holds. */
  const once = <T>(read: (s: Sentence) => T) => {
    const known = new Map<Sentence, T>();
    return (s: Sentence): T => {
      if (!known.has(s)) known.set(s, read(s));
      return known.get(s)!;
    };
  };
  const withFee = (s: Sentence) => amountsIn.has(s);
  /** The other side's figure repeated: "instead of €500", "your offer of €500". */
  const echoes = (s: Span, a: Amount) => ECHO_BEFORE.test(body.slice(Math.max(s.start, a.start - 40), a.start));
  // A figure someone proposes: not an invoice, not the other side's figure repeated.
  const proposesFee = (s: Sentence) => !test(INVOICE, s.text) && (amountsIn.get(s) ?? []).some((a) => !echoes(s, a));
  const reply = REPLY_SUBJECT.test(email.subject);
  const first = (pred: (s: Sentence) => boolean) => list.find(pred);

  const counterCue = once((s: Sentence) => cueFinder(COUNTER)(s) || (reply && cueFinder(REPLY_COUNTER)(s)));
  const invoiced = once((s: Sentence) => test(INVOICE, s.text));
  const accepts = once(hasAccept);
  const priceCounter = once(cueFinder(PRICE_COUNTER));
  /** The currencies of a sentence's amounts. */
  const currenciesIn = once((s: Sentence) => new Set((amountsIn.get(s) ?? []).filter((b) => b.currency).map((b) => b.currency)));
  // "below my minimum (£35,100), so we'll sit this one out": a decline that gives its reason, not a counter.
  const counterWithFee = first((s) => (counterCue(s) || cueFinder(PRICE_COUNTER)(s)) && withFee(s) && !hasAccept(s) && !hasStrongDecline(s));
  const strongDecline = first(hasStrongDecline);
  const accept = first(hasAccept);
  const weakDecline = first((s) => !isQuestion(s.text) && cueFinder(WEAK_DECLINE)(s));
  const counter = first(counterCue);
  const feeSentence = first(proposesFee);
  const offer = first((s) => cueFinder(OFFER)(s));
  const logistics = first((s) => cueFinder(LOGISTICS)(s));
  const question = first((s) => isQuestion(s.text));

  let intent: Intent;
  let cue: Sentence | undefined;
  if (counterWithFee) [intent, cue] = ['counter', counterWithFee];
  else if (strongDecline) [intent, cue] = ['decline', strongDecline];
  else if (accept) [intent, cue] = ['accept', accept];
  else if (weakDecline) [intent, cue] = ['decline', weakDecline];
  else if (counter) [intent, cue] = ['counter', counter];
  else if (offer) [intent, cue] = ['offer', offer];
  else if (feeSentence) {
    // A fee with no other cue: the buying side proposes; the talent side answers (in a reply) or proposes.
    [intent, cue] = [isBuyer(email.side) || !reply ? 'offer' : 'counter', feeSentence];
  } else if (logistics) [intent, cue] = ['logistics', logistics];
  else if (question) [intent, cue] = ['question', question];
  else [intent, cue] = ['other', first((s) => s.text.split(/\s+/).length >= 4) ?? list[0]];

  const fees: MailFee[] = [];
  const listed = new Set<string>();
  amounts.forEach((a, i) => {
    const sentence = sentenceOf(a) ?? { start: a.start, end: a.end, text: a.written };
    const nextAmount = amounts[i + 1]?.start ?? body.length;
    const previousAmount = amounts[i - 1]?.end ?? 0;
    const echo = echoes(sentence, a);
    // A bare "3k" takes the currency of the sentence when the sentence uses exactly one (its own
    // currency is null, so the sentence's currencies are those of the other amounts).
    const siblings = a.currency ? undefined : currenciesIn(sentence);
    const currency = a.currency ?? (siblings?.size === 1 ? [...siblings][0]! : null);
    const state: FeeState = invoiced(sentence)
      ? 'invoiced'
      : accepts(sentence) && !echo
        ? 'agreed'
        : intent === 'counter' && !echo && (counterCue(sentence) || priceCounter(sentence) || cue === sentence || !isBuyer(email.side))
          ? 'countered'
          : 'quoted';
    const fee: MailFee = {
      message: email.index,
      amount: Math.round(a.amount * 100) / 100,
      currency,
      unit: unitFor(body, sentence, a.start, a.end, previousAmount, nextAmount),
      vat_included: vatFor(body, sentence, a.end, nextAmount),
      state,
      quote: quoteAround(body, a.start, a.end, 12),
      written: a.written,
      at: a.start,
    };
    const key = JSON.stringify([fee.amount, fee.currency, fee.unit, fee.state]);
    if (!listed.has(key)) {
      listed.add(key);
      fees.push(fee);
    }
  });
  return { intent, cue, fees };
};

const readings = new WeakMap<Email, Reading>();
const reading = (email: Email) => {
  let r = readings.get(email);
  if (!r) readings.set(email, (r = readMail(email)));
  return r;
};

/** The intent of one mail and the verbatim sentence that shows it ('' when the body is empty). */
export const readIntent = (email: Email): MailIntent => {
  const r = reading(email);
  return { message: email.index, intent: r.intent, quote: r.cue ? quoteAround(email.body, r.cue.start, r.cue.end, Number.POSITIVE_INFINITY) : '' };
};

/** The fees one mail states, in order, one per amount, currency, unit and state. */
export const readFees = (email: Email): MailFee[] => reading(email).fees;

