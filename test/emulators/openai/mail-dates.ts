import { B, dateOrder, E, quoteAround, sentenceAt, words, type Email, type Span } from './mail';

/**
 * Key dates written in e-mail bodies, each resolved against the e-mail's own sent date, with
 * its kind read from nearby words and the verbatim words that state it. What it reads:
 * - absolute dates in English, French, German and Spanish ("March 12", "12 March 2026",
 *   "12. März", "12 de marzo", "le 1er mars", "2026-03-12", "12.03.2026", "12/03", "12/03/2026");
 *   a numeric date is read day-first or month-first by the sender's convention (see dateOrder);
 *   a date without a year takes the e-mail's year, or the next year when that would put it more
 *   than two months before the e-mail;
 * - relative dates: tomorrow / the day after, "on|by|this Friday" (the next Friday after the
 *   e-mail), "next Friday" (the Friday of the week after the e-mail's week), "in two weeks",
 *   "end of the month|week", "end of March", and their French, German and Spanish forms;
 *   "today" only when a campaign word (post, draft, deadline …) says it matters.
 * What it leaves out rather than guess: vague spans ("next week", "mid-March", "early April",
 * "in a couple of weeks", "dans quinze jours"), weekdays without a preposition, return dates in
 * out-of-office replies, and anything on quoted-reply lines.
 */
export type DateKind = 'go_live' | 'draft_due' | 'deadline' | 'event' | 'embargo' | 'other';

export type MailDate = {
  message: number;
  /** yyyy-mm-dd */
  date: string;
  kind: DateKind;
  /** verbatim words of the body that state the date */
  quote: string;
  /** the sentence it is in, verbatim */
  sentence: string;
  /** the date's own words, e.g. "next Friday" */
  written: string;
  at: number;
};

const MONTH_NAMES: [string, number][] = [
  ['january', 1], ['jan', 1], ['janvier', 1], ['januar', 1], ['jänner', 1], ['enero', 1],
  ['february', 2], ['feb', 2], ['février', 2], ['fevrier', 2], ['févr', 2], ['februar', 2], ['febrero', 2],
  ['march', 3], ['mar', 3], ['mars', 3], ['märz', 3], ['maerz', 3], ['marzo', 3],
  ['april', 4], ['apr', 4], ['avril', 4], ['abril', 4],
  ['may', 5], ['mai', 5], ['mayo', 5],
  ['june', 6], ['jun', 6], ['juin', 6], ['juni', 6], ['junio', 6],
  ['july', 7], ['jul', 7], ['juillet', 7], ['juli', 7], ['julio', 7],
  ['august', 8], ['aug', 8], ['août', 8], ['aout', 8], ['agosto', 8],
  ['september', 9], ['sept', 9], ['sep', 9], ['septembre', 9], ['septiembre', 9], ['setiembre', 9],
  ['october', 10], ['oct', 10], ['octobre', 10], ['oktober', 10], ['okt', 10], ['octubre', 10],
  ['november', 11], ['nov', 11], ['novembre', 11], ['noviembre', 11],
  ['december', 12], ['dec', 12], ['décembre', 12], ['decembre', 12], ['dezember', 12], ['dez', 12], ['diciembre', 12],
];
const MONTH_BY_NAME = new Map(MONTH_NAMES);
const MONTH_ALT = [...MONTH_BY_NAME.keys()].sort((a, b) => b.length - a.length).join('|');
const MONTH = `(${MONTH_ALT})\\.?`;
const ABBREVIATED_MONTHS = new Set(['jan', 'feb', 'févr', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'okt', 'nov', 'dec', 'dez']);
const monthOf = (name: string) => MONTH_BY_NAME.get(name.toLowerCase().replace(/\.$/, '')) ?? 0;

const WEEKDAYS: [string, number][] = [
  ['sunday', 0], ['monday', 1], ['tuesday', 2], ['wednesday', 3], ['thursday', 4], ['friday', 5], ['saturday', 6],
  ['dimanche', 0], ['lundi', 1], ['mardi', 2], ['mercredi', 3], ['jeudi', 4], ['vendredi', 5], ['samedi', 6],
  ['sonntag', 0], ['montag', 1], ['dienstag', 2], ['mittwoch', 3], ['donnerstag', 4], ['freitag', 5], ['samstag', 6],
  ['domingo', 0], ['lunes', 1], ['martes', 2], ['miércoles', 3], ['miercoles', 3], ['jueves', 4], ['viernes', 5], ['sábado', 6], ['sabado', 6],
];
const WEEKDAY_BY_NAME = new Map(WEEKDAYS);
const WEEKDAY = `(${WEEKDAYS.map(([n]) => n).join('|')})`;

const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, sept: 7, huit: 8, neuf: 9, dix: 10,
  ein: 1, eine: 1, einer: 1, einem: 1, zwei: 2, drei: 3, vier: 4, fünf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10,
  uno: 1, una: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10,
};
const COUNT = `(\\d{1,2}|${Object.keys(NUMBER_WORDS).sort((a, b) => b.length - a.length).join('|')})`;
const countOf = (s: string) => (/^\d+$/.test(s) ? Number(s) : (NUMBER_WORDS[s.toLowerCase()] ?? 0));

// ---- calendar arithmetic on yyyy-mm-dd strings (UTC, no time zones) ----

const pad = (n: number) => String(n).padStart(2, '0');
const toIso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const parseIso = (iso: string) => new Date(`${iso}T00:00:00Z`);
const addDays = (iso: string, n: number) => {
  const d = parseIso(iso);
  d.setUTCDate(d.getUTCDate() + n);
  return toIso(d);
};
const addMonths = (iso: string, n: number) => {
  const d = parseIso(iso);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + n);
  d.setUTCDate(Math.min(day, lastDay(d.getUTCFullYear(), d.getUTCMonth() + 1)));
  return toIso(d);
};
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const weekdayOf = (iso: string) => parseIso(iso).getUTCDay();
const valid = (y: number, m: number, d: number): string | undefined =>
  y >= 1900 && y <= 2200 && m >= 1 && m <= 12 && d >= 1 && d <= lastDay(y, m) ? `${y}-${pad(m)}-${pad(d)}` : undefined;
const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

/** A day and month without a year: the e-mail's year, or the next one if that is well in the past. */
const withYear = (m: number, d: number, ref: string | undefined): string | undefined => {
  if (!ref) return undefined;
  const y = Number(ref.slice(0, 4));
  const same = valid(y, m, d);
  if (!same) return valid(y + 1, m, d);
  return same < addDays(ref, -60) ? valid(y + 1, m, d) : same;
};

/** The first `wd` strictly after `ref` (or on it, when `today` allows). */
const upcoming = (ref: string, wd: number, today = false) => {
  const ahead = (wd - weekdayOf(ref) + 7) % 7;
  return addDays(ref, ahead === 0 && !today ? 7 : ahead);
};
/** "next Friday": the Friday of the week (Monday to Sunday) after the e-mail's week. */
const nextWeeks = (ref: string, wd: number) => {
  const monday = addDays(ref, -((weekdayOf(ref) + 6) % 7));
  return addDays(monday, 7 + ((wd + 6) % 7));
};
const endOfMonth = (iso: string) => `${iso.slice(0, 8)}${pad(lastDay(Number(iso.slice(0, 4)), Number(iso.slice(5, 7))))}`;
const endOfWeek = (ref: string) => (weekdayOf(ref) === 6 || weekdayOf(ref) === 0 ? upcoming(ref, 5) : upcoming(ref, 5, true));

// ---- the patterns ----

type Found = Span & { date: string };
type Reader = { re: RegExp; read: (m: RegExpExecArray, ctx: { ref?: string; order: 'day-first' | 'month-first'; before: string }) => string | undefined };

const DEADLINE_PREP = /(?:^|[\s(])(?:by|until|till|before|no later than|bis(?: zum| spätestens)?|spätestens(?: am| bis)?|avant(?: le| la)?|d'ici(?: le| la| à)?|jusqu'(?:au|à)|antes del?|para el|hasta el|a más tardar el)\s*$/i;
const PREP_BEFORE_NUMERIC = /(?:^|[\s(])(?:on|by|until|till|before|after|from|for|due|the|le|du|au|am|bis|zum|vom|ab|el|del|al|hasta|para|antes de|w\/c|week of|[a-zà-ü]+day|[a-zà-ü]+di|[a-zà-ü]+tag|mittwoch|lunes|martes|miércoles|jueves|viernes|sábado|domingo),?\s*$/i;

const READERS: Reader[] = [
  // 2026-03-12
  { re: new RegExp(`${B}(\\d{4})-(\\d{1,2})-(\\d{1,2})${E}`, 'giu'), read: (m) => valid(+m[1]!, +m[2]!, +m[3]!) },
  // 2026/03/12
  { re: new RegExp(`${B}(\\d{4})/(\\d{1,2})/(\\d{1,2})${E}`, 'giu'), read: (m) => valid(+m[1]!, +m[2]!, +m[3]!) },
  // 12 March 2026, 12th of March, 1er mars, 12. März 2026, 12 de marzo de 2026
  {
    re: new RegExp(`${B}(\\d{1,2})(?:st|nd|rd|th|er|e|º)?\\.?\\s+(?:of\\s+|de\\s+)?${MONTH}(?:,?\\s+(?:de\\s+)?(\\d{4}))?${E}`, 'giu'),
    read: (m, c) => (m[3] ? valid(+m[3], monthOf(m[2]!), +m[1]!) : withYear(monthOf(m[2]!), +m[1]!, c.ref)),
  },
  // March 12, March 12th 2026
  {
    re: new RegExp(`${B}${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?${E}`, 'giu'),
    read: (m, c) => (m[3] ? valid(+m[3], monthOf(m[1]!), +m[2]!) : withYear(monthOf(m[1]!), +m[2]!, c.ref)),
  },
  // 12.03.2026, and 12.03. after a preposition (always day-first)
  {
    re: /(?<![\d.,])(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2}(?!\d))?/g,
    read: (m, c) => (m[3] ? valid(fullYear(m[3]), +m[2]!, +m[1]!) : PREP_BEFORE_NUMERIC.test(c.before) ? withYear(+m[2]!, +m[1]!, c.ref) : undefined),
  },
  // 12/03/2026, 12/03 (day-first or month-first by the sender's convention)
  {
    re: /(?<![\d/.,$€£])(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?(?![\d/])(?!\s*(?:of|%|posts?|videos?|stories|reels?|pieces?|items?)\b)/gi,
    read: (m, c) => {
      if (`${m[1]}/${m[2]}` === '24/7') return undefined;
      const a = +m[1]!;
      const b = +m[2]!;
      // "5/5", "10/10" without a year and without "on"/"by" before them are ratings, not dates.
      if (a === b && !m[3] && !PREP_BEFORE_NUMERIC.test(c.before)) return undefined;
      const dayFirst = a > 12 ? true : b > 12 ? false : c.order === 'day-first';
      const [d, mo] = dayFirst ? [a, b] : [b, a];
      return m[3] ? valid(fullYear(m[3]), mo, d) : withYear(mo, d, c.ref);
    },
  },
  // 12-03-2026 (with a year only; day-first or month-first like 12/03/2026)
  {
    re: /(?<![\d-])(\d{1,2})-(\d{1,2})-(\d{4})(?![\d-])/g,
    read: (m, c) => {
      const a = +m[1]!;
      const b = +m[2]!;
      const dayFirst = a > 12 ? true : b > 12 ? false : c.order === 'day-first';
      return dayFirst ? valid(+m[3]!, b, a) : valid(+m[3]!, a, b);
    },
  },
  // the 12th (the next 12th on or after the e-mail)
  {
    re: new RegExp(`${B}the\\s+(\\d{1,2})(?:st|nd|rd|th)${E}`, 'giu'),
    read: (m, c) => {
      if (!c.ref) return undefined;
      const day = +m[1]!;
      const thisMonth = valid(+c.ref.slice(0, 4), +c.ref.slice(5, 7), day);
      return thisMonth && thisMonth >= c.ref ? thisMonth : (() => {
        const next = addMonths(`${c.ref.slice(0, 8)}01`, 1);
        return valid(+next.slice(0, 4), +next.slice(5, 7), day);
      })();
    },
  },
  // the day after tomorrow
  { re: words("the day after tomorrow|après-demain|apres-demain|übermorgen|pasado mañana"), read: (_m, c) => c.ref && addDays(c.ref, 2) },
  // tomorrow; German "morgen" only in lower case (capitalised it is "morning"), Spanish "mañana" not as "la mañana"
  { re: words('tomorrow|demain|mañana'), read: (m, c) => (c.ref && !/(?:la|esta|por la|de la|cada)\s+$/i.test(c.before) ? addDays(c.ref, 1) : undefined) },
  { re: new RegExp(`${B}morgen${E}`, 'gu'), read: (_m, c) => (c.ref && !/guten\s+$/i.test(c.before) ? addDays(c.ref, 1) : undefined) },
  // next Friday / vendredi prochain / nächsten Freitag / el próximo viernes / el viernes que viene
  {
    re: new RegExp(
      `${B}(?:next\\s+${WEEKDAY}|${WEEKDAY}\\s+prochain|(?:nächsten|nächste\\s+woche|kommende\\s+woche)\\s+${WEEKDAY}|(?:el\\s+)?próximo\\s+${WEEKDAY}|(?:el\\s+)?${WEEKDAY}\\s+(?:que\\s+viene|próximo))${E}`,
      'giu',
    ),
    read: (m, c) => {
      const name = m.slice(1).find(Boolean)!;
      return c.ref && nextWeeks(c.ref, WEEKDAY_BY_NAME.get(name.toLowerCase())!);
    },
  },
  // on/by/this Friday, ce vendredi, d'ici vendredi, am/bis/kommenden Freitag, el/este/para el viernes
  {
    re: new RegExp(
      `${B}(this\\s+coming|this|coming|on|by|until|till|before|ce|d'ici|avant|jusqu'à|dès|am|bis|diesen|kommenden|ab|este|el|para el|hasta el|antes del)\\s+${WEEKDAY}${E}(?!,?\\s*(?:the\\s+)?\\d)(?!,?\\s*(?:${MONTH_ALT})${E})`,
      'giu',
    ),
    read: (m, c) => c.ref && upcoming(c.ref, WEEKDAY_BY_NAME.get(m[2]!.toLowerCase())!, /^(this|ce|diesen|este)$/i.test(m[1]!)),
  },
  // in two weeks, within 10 days, dans 3 jours, in zwei Wochen, en dos semanas, dentro de 3 días
  {
    re: new RegExp(
      `${B}(?:in|within|dans|en|dentro\\s+de)\\s+${COUNT}\\s+(days?|weeks?|months?|jours?|semaines?|mois|tagen?|wochen?|monaten?|días?|dias?|semanas?|meses|mes)${E}(?!\\s+or\\b)(?!\\s+ou\\b)(?!\\s+oder\\b)(?!\\s+o\\b)`,
      'giu',
    ),
    read: (m, c) => {
      if (!c.ref) return undefined;
      const n = countOf(m[1]!);
      if (!n) return undefined;
      const unit = m[2]!.toLowerCase();
      if (/^(day|jour|tag|día|dia)/.test(unit)) return addDays(c.ref, n);
      if (/^(week|semaine|woche|semana)/.test(unit)) return addDays(c.ref, 7 * n);
      return addMonths(c.ref, n);
    },
  },
  // end of the month / next month / the week / March, and their French, German, Spanish forms
  {
    re: new RegExp(
      `${B}(?:(?:the\\s+)?end\\s+of\\s+(?:the\\s+|this\\s+)?(month|week)|(?:the\\s+)?end\\s+of\\s+next\\s+(month|week)|month[- ]end|(?:à\\s+la\\s+)?fin\\s+(?:du|de|de ce)\\s+(mois)(?:\\s+(prochain))?|fin\\s+(?:de\\s+la|de\\s+cette)\\s+(semaine)|(?:ende\\s+des|ende\\s+dieses)\\s+(monats)|monatsende|ende\\s+(?:der|dieser)\\s+(woche)|ende\\s+nächsten\\s+(monats)|(?:a\\s+)?fin(?:ales)?\\s+de(?:l)?\\s+(mes)(?:\\s+(que\\s+viene|próximo))?|fin(?:ales)?\\s+de\\s+(?:esta|la)\\s+(semana))${E}`,
      'giu',
    ),
    read: (m, c) => {
      if (!c.ref) return undefined;
      const text = m[0].toLowerCase();
      const next = /next|prochain|nächsten|que viene|próximo/.test(text);
      if (/week|semaine|woche|semana/.test(text)) return next ? addDays(endOfWeek(c.ref), 7) : endOfWeek(c.ref);
      return endOfMonth(next ? addMonths(`${c.ref.slice(0, 8)}01`, 1) : c.ref);
    },
  },
  // end of March / fin mars / Ende März / finales de marzo
  {
    re: new RegExp(`${B}(?:(?:the\\s+)?end\\s+of|fin(?:\\s+de)?|ende|fin(?:ales)?\\s+de)\\s+${MONTH}(?:\\s+(\\d{4}))?${E}`, 'giu'),
    read: (m, c) => {
      const month = monthOf(m[1]!);
      if (m[2]) return valid(+m[2], month, lastDay(+m[2], month));
      const first = withYear(month, 1, c.ref);
      return first && endOfMonth(first);
    },
  },
  // today, only kept when a campaign word says it matters
  { re: words("today|tonight|aujourd'hui|ce soir|heute|heute abend|hoy|esta noche"), read: (_m, c) => c.ref },
];
const TODAY = words("today|tonight|aujourd'hui|ce soir|heute|heute abend|hoy|esta noche", 'iu');

// ---- kinds ----

const KIND_CUES: [DateKind, RegExp][] = [
  ['embargo', words('embargo\\w*|sperrfrist|not before|nicht vor|pas avant|no antes')],
  ['draft_due', words('drafts?|first cut|rough cut|content (?:is |will be )?due|review copy|entwurf|entwürfe|entwurfs|brouillons?|borrador(?:es)?|rohschnitt|maquette')],
  ['event', words('events?|launch party|party|parties|shoot|shooting|photo ?shoot|filming|film|dinner|premiere|première|screening|meet and greet|festival|conference|soirée|soiree|événement|evenement|tournage|veranstaltung|dreh|drehtag|fotoshooting|evento|rodaje|grabación|grabacion|fiesta|cena')],
  ['go_live', words('go(?:es)? live|going live|went live|live date|live (?:on|from)|goes up|post(?:s|ed|ing)?|publish\\w*|publication|publier|publi(?:é|ée|ons|ez|ons)|mise en ligne|en ligne|veröffentlich\\w*|online gehen|geht online|live gehen|posten|gepostet|publicar|publicación|publicacion|publicamos|publicaremos')],
  ['deadline', words('deadline|due|no later than|at the latest|latest by|date limite|au plus tard|frist|spätestens|fecha límite|fecha limite|a más tardar|plazo')],
];

/**
 * What one text's sentences hold, read once per sentence however many dates it has (reading the
 * whole sentence again for each of its dates was quadratic in a long one). Keyed by sentence.
 */
type SentenceReading = {
  /** separators of the sentence's parts (see kindScope), in order */
  separators: Span[];
  /** the kind each part (by `start:end`) says, undefined when it says none */
  partKinds: Map<string, DateKind | undefined>;
  /** every kind cue of the sentence, by kind (in KIND_CUES order), each in order */
  cues?: Span[][];
  returnWords?: boolean;
};
let readingText: string | undefined;
const readingCache = new Map<string, SentenceReading>();
const readingOf = (text: string, sentence: Span): SentenceReading => {
  if (readingText !== text) {
    readingText = text;
    readingCache.clear();
  }
  const key = `${sentence.start}:${sentence.end}`;
  let found = readingCache.get(key);
  if (!found) readingCache.set(key, (found = { separators: separatorsOf(text, sentence), partKinds: new Map() }));
  return found;
};

/** Where a sentence splits into parts: punctuation and "and"/"but" (and their translations). */
const separatorsOf = (text: string, sentence: Span): Span[] => {
  const out: Span[] = [];
  const re = /[,;:](?=\s)|\s[–—-]\s|\s(?:and|but|then|while|whereas|et|mais|puis|und|aber|dann|sowie|y|pero|luego)\s/giu;
  // within the sentence, and the few characters a separator that starts in it can reach
  const within = text.slice(0, Math.min(text.length, sentence.end + 16));
  re.lastIndex = sentence.start;
  for (let m = re.exec(within); m && m.index < sentence.end; m = re.exec(within)) out.push({ start: m.index, end: m.index + m[0].length });
  return out;
};

/** The part of a sentence a date belongs to: split at punctuation and "and"/"but" (and their translations). */
const kindScope = (text: string, sentence: Span, at: number): Span => {
  let start = sentence.start;
  let end = sentence.end;
  const { separators } = readingOf(text, sentence);
  // the first separator at or after `at` ends the part; the last one before it that ends by `at` starts it
  let low = 0;
  let high = separators.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (separators[middle]!.start >= at) high = middle;
    else low = middle + 1;
  }
  if (low < separators.length) end = separators[low]!.start;
  for (let k = low - 1; k >= 0; k -= 1) {
    if (separators[k]!.end <= at) {
      start = separators[k]!.end;
      break;
    }
  }
  while (start < end && /\s/.test(text[start]!)) start += 1;
  while (end > start && /\s/.test(text[end - 1]!)) end -= 1;
  return { start, end };
};

/** The words stating a date: its own part of the sentence when that says enough, else its clause or sentence. */
const dateQuote = (body: string, text: string, found: Found): string => {
  const scope = kindScope(text, sentenceAt(text, found.start), found.start);
  if (scope.end - scope.start >= 18 && scope.end - scope.start <= 220 && found.end <= scope.end) return body.slice(scope.start, scope.end);
  return quoteAround(body, found.start, found.end);
};

const kindAt = (text: string, found: Found): DateKind => {
  const sentence = sentenceAt(text, found.start);
  const scope = kindScope(text, sentence, found.start);
  const reading = readingOf(text, sentence);
  const part = `${scope.start}:${scope.end}`;
  if (!reading.partKinds.has(part)) {
    const inScope = text.slice(scope.start, scope.end);
    reading.partKinds.set(
      part,
      KIND_CUES.find(([, re]) => {
        re.lastIndex = 0;
        return re.test(inScope);
      })?.[0],
    );
  }
  const own = reading.partKinds.get(part);
  if (own) return own;
  if (DEADLINE_PREP.test(text.slice(Math.max(sentence.start, found.start - 40), found.start))) return 'deadline';
  // Nothing in its own clause: the nearest cue of the sentence (the first kind and the first cue
  // on a tie). Per kind only two cues can be nearest: the last one starting before the date (cues
  // of one kind do not overlap, so it ends last) and the first one starting at or after it.
  const whole = text.slice(sentence.start, sentence.end);
  reading.cues ??= KIND_CUES.map(([, re]) => {
    re.lastIndex = 0; // matchAll starts where the last test left the pattern
    return [...whole.matchAll(re)].map((m) => ({ start: sentence.start + m.index, end: sentence.start + m.index + m[0].length }));
  });
  let best: { kind: DateKind; distance: number } | undefined;
  KIND_CUES.forEach(([kind], k) => {
    const cues = reading.cues![k]!;
    let low = 0;
    let high = cues.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cues[middle]!.start < found.start) low = middle + 1;
      else high = middle;
    }
    const before = cues[low - 1];
    const after = cues[low];
    if (before && (!best || found.start - before.end < best.distance)) best = { kind, distance: found.start - before.end };
    if (after && (!best || after.start - found.end < best.distance)) best = { kind, distance: after.start - found.end };
  });
  return best?.kind ?? 'other';
};

// ---- out-of-office and quoted lines ----

const OUT_OF_OFFICE = words(
  'out of (?:the )?office|OOO|auto(?:matic)?[- ]?reply|away from (?:the |my )?(?:office|desk)|on (?:annual |parental |maternity |paternity )?leave|on holiday|on vacation|abwesend|abwesenheit|außer haus|nicht im büro|en congés?|hors du bureau|absente?|fuera de la oficina|de vacaciones|ausente',
  'iu',
);
const RETURN_WORDS = words("back|return|returning|returns|until|till|zurück|wieder im büro|bis|de retour|retour|jusqu'au|regreso|regresaré|vuelvo|volveré|hasta", 'iu');
const QUOTED_LINE = /^(?:>.*|.*\b(?:wrote|a écrit|schrieb|escribió)\s*:\s*)$/gim;

const isOutOfOffice = (body: string) => OUT_OF_OFFICE.test(body);

/** The key dates of one e-mail, in order of appearance, one per date and kind. */
export const readDates = (email: Email): MailDate[] => {
  const ref = email.sentOn;
  const text = email.body.replace(QUOTED_LINE, (line) => ' '.repeat(line.length));
  const order = dateOrder(email);
  const taken: Found[] = [];
  // the characters of the dates taken so far (a search of every date taken for each match was quadratic)
  const covered = new Uint8Array(text.length + 1);
  const overlapsTaken = (start: number, end: number) => {
    for (let i = start; i < end; i += 1) if (covered[i]) return true;
    return false;
  };
  for (const { re, read } of READERS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (overlapsTaken(start, end)) continue;
      const before = text.slice(Math.max(0, start - 30), start);
      const date = read(m, { ref, order, before });
      // "13 March." keeps its full stop out of the date's words (not "Sept." or "12.03.").
      const lastWord = /(\p{L}+)\.$/u.exec(m[0])?.[1]?.toLowerCase();
      const trimmed = lastWord && !ABBREVIATED_MONTHS.has(lastWord) ? end - 1 : end;
      if (date) {
        taken.push({ start, end: trimmed, date });
        covered.fill(1, start, trimmed);
      }
    }
  }
  const ooo = isOutOfOffice(text);
  const out: MailDate[] = [];
  const listed = new Set<string>();
  for (const found of taken.sort((a, b) => a.start - b.start)) {
    const sentence = sentenceAt(text, found.start);
    if (ooo) {
      const reading = readingOf(text, sentence);
      reading.returnWords ??= RETURN_WORDS.test(text.slice(sentence.start, sentence.end));
      if (reading.returnWords) continue;
    }
    const kind = kindAt(text, found);
    const written = text.slice(found.start, found.end);
    if (TODAY.test(written) && kind === 'other') continue;
    if (listed.has(`${found.date} ${kind}`)) continue;
    listed.add(`${found.date} ${kind}`);
    // Quotes come from the body as sent (quoted lines were only blanked for reading).
    out.push({
      message: email.index,
      date: found.date,
      kind,
      quote: dateQuote(email.body, text, found),
      sentence: email.body.slice(sentence.start, sentence.end),
      written,
      at: found.start,
    });
  }
  return out;
};

/** Key dates of a thread, oldest e-mail first; a date and kind already listed is not repeated. */
export const readThreadDates = (emails: readonly Email[]): MailDate[] => {
  const out: MailDate[] = [];
  const listed = new Set<string>();
  for (const email of emails) {
    for (const d of readDates(email)) {
      if (listed.has(`${d.date} ${d.kind}`)) continue;
      listed.add(`${d.date} ${d.kind}`);
      out.push(d);
    }
  }
  return out;
};

