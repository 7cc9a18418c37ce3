import type { MailFacts } from './facts';
import { senderName } from './mail';
import type { MailDate } from './mail-dates';
import type { MailFee } from './mail-deal';

/**
 * The part of schema filling that the mail answers, chosen by the schema's own field names,
 * types, enums and descriptions (never by the product's prompt text):
 * - an array whose items have an amount and a currency or quote: the fees the mail states;
 * - an array whose items have a date field: the key dates of the mail;
 * - inside those items: amount, currency, unit, VAT, state, kind, date, quote, e-mail index;
 * - an enum speaking the negotiation vocabulary (offer, counter, accept, decline …): the intent
 *   of the last e-mail; a quote or evidence field: the verbatim words behind it;
 * - a next-step field: who answers whom, from the last e-mail.
 * Anything else is left to the generic filler (NOT_MAIL).
 */
type Schema = { [key: string]: unknown };
export type MailRecord = { kind: 'fee'; fee: MailFee } | { kind: 'date'; date: MailDate };

export const NOT_MAIL = Symbol('not answered by the mail');

const asSchema = (v: unknown): Schema => (v && typeof v === 'object' ? (v as Schema) : {});

const resolve = (schema: Schema, root: Schema): Schema => {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  if (ref === '#') return root;
  let node: unknown = root;
  for (const part of ref.replace(/^#\//, '').split('/')) node = asSchema(node)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return asSchema(node);
};

/** The schema and its anyOf/oneOf branches, resolved. */
const variants = (schema: Schema, root: Schema): Schema[] => {
  const s = resolve(schema, root);
  const branches = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  return Array.isArray(branches) ? branches.flatMap((b) => variants(asSchema(b), root)) : [s];
};

const typesOf = (schema: Schema, root: Schema): Set<string> => {
  const out = new Set<string>();
  for (const v of variants(schema, root)) {
    if (Array.isArray(v.type)) v.type.forEach((t) => out.add(String(t)));
    else if (typeof v.type === 'string') out.add(v.type);
    else if (Array.isArray(v.enum)) v.enum.forEach((e) => out.add(e === null ? 'null' : typeof e));
  }
  return out;
};

const enumOf = (schema: Schema, root: Schema): unknown[] | undefined => {
  const values = variants(schema, root).flatMap((v) => (Array.isArray(v.enum) ? v.enum : []));
  return values.length ? values : undefined;
};

const describe = (schema: Schema, root: Schema) =>
  variants(schema, root)
    .map((v) => (typeof v.description === 'string' ? v.description : ''))
    .concat(typeof resolve(schema, root).description === 'string' ? [String(resolve(schema, root).description)] : [])
    .join(' ');

const norm = (v: string) => v.toLowerCase().replace(/[\s-]+/g, '_');

const VOCABULARIES = {
  intent: { offer: ['proposal', 'propose'], counter: ['counter_offer', 'counteroffer', 'negotiat'], accept: ['accepted', 'agree', 'confirm'], decline: ['declined', 'reject', 'refus'], question: ['inquiry', 'ask'], logistics: ['logistic', 'admin', 'scheduling'], other: ['unknown', 'none'] },
  kind: { go_live: ['post', 'publish', 'live', 'launch'], draft_due: ['draft', 'content_due', 'review'], deadline: ['due', 'cutoff'], event: ['shoot', 'party', 'meeting'], embargo: ['not_before'], other: ['unknown', 'none'] },
  unit: { per_post: ['post', 'story'], per_video: ['video', 'reel'], bundle: ['package', 'bundle'], total: ['flat', 'overall', 'fixed'] },
  state: { quoted: ['proposed', 'quote', 'offered'], countered: ['counter'], agreed: ['accepted', 'confirmed', 'agree'], invoiced: ['billed', 'invoice'] },
} as const;
type Vocabulary = keyof typeof VOCABULARIES;

/** The enum value standing for `label`: the same word, then a synonym, else undefined. */
const pick = (values: readonly unknown[], vocabulary: Vocabulary, label: string): unknown => {
  const strings = values.filter((v): v is string => typeof v === 'string');
  const exact = strings.find((v) => norm(v) === label);
  if (exact !== undefined) return exact;
  const synonyms: readonly string[] = (VOCABULARIES[vocabulary] as Record<string, readonly string[]>)[label] ?? [];
  return strings.find((v) => norm(v).includes(label) || synonyms.some((s) => norm(v).includes(s)));
};

/** Which vocabulary an enum speaks: the one most of its values belong to (at least two). */
const vocabularyOf = (values: readonly unknown[]): Vocabulary | undefined => {
  let best: { vocabulary: Vocabulary; hits: number } | undefined;
  for (const vocabulary of Object.keys(VOCABULARIES) as Vocabulary[]) {
    const labels = Object.keys(VOCABULARIES[vocabulary]).filter((l) => l !== 'other');
    const hits = labels.filter((l) => values.some((v) => typeof v === 'string' && norm(v) === l)).length;
    if (hits >= 2 && (!best || hits > best.hits)) best = { vocabulary, hits };
  }
  return best?.vocabulary;
};

const isQuote = (name: string, desc: string) => /quote|evidence|excerpt|citation|verbatim/i.test(name) || /verbatim|exact words|copied exactly/i.test(desc);
const isMessageRef = (name: string, desc: string, types: Set<string>) => {
  if (/\bindex of the\b/i.test(desc) || /^index$|_index$|^(?:message|email|e_?mail|mail|msg|source)_?(?:idx|number|no|ref)$/i.test(name)) {
    return types.has('integer') || types.has('number') || types.has('string');
  }
  // A bare "message"/"email" field is an index only when it is a number ("email" text is an address).
  return (types.has('integer') || types.has('number')) && /^(?:message|email|e_?mail|mail|msg|source)$/i.test(name);
};
const isDateField = (name: string, schema: Schema, types: Set<string>) =>
  types.has('string') && (/date|day|when|deadline/i.test(name) || schema.format === 'date' || schema.format === 'date-time');
const isAmount = (name: string, types: Set<string>) => (types.has('number') || types.has('integer')) && /amount|price|fee|value|sum|rate|cost/i.test(name);
const isDescription = (name: string) => /description|context|sentence|note|summary|detail|text|reason/i.test(name);

const messageRef = (index: number, types: Set<string>) => (types.has('integer') || types.has('number') ? index : String(index));

const nullable = (types: Set<string>) => types.has('null');

export const fromMailItem = (name: string, input: Schema, item: MailRecord, root: Schema): unknown => {
  const schema = resolve(input, root);
  const types = typesOf(schema, root);
  const desc = describe(schema, root);
  const values = enumOf(schema, root);
  if (types.has('object') || types.has('array')) return NOT_MAIL;
  if (isQuote(name, desc)) return item.kind === 'fee' ? item.fee.quote : item.date.quote;
  if (isMessageRef(name, desc, types)) return messageRef(item.kind === 'fee' ? item.fee.message : item.date.message, types);
  if (item.kind === 'fee') {
    const fee = item.fee;
    if (values) {
      const vocabulary = vocabularyOf(values) ?? (/unit|basis|per/i.test(name) ? 'unit' : /state|status|stage/i.test(name) ? 'state' : undefined);
      if (vocabulary === 'unit') return pick(values, 'unit', fee.unit) ?? NOT_MAIL;
      if (vocabulary === 'state') return pick(values, 'state', fee.state) ?? NOT_MAIL;
      if (/currency/i.test(name)) return values.includes(fee.currency) ? fee.currency : NOT_MAIL;
      return NOT_MAIL;
    }
    if (isAmount(name, types)) return types.has('number') ? fee.amount : Math.round(fee.amount);
    if (/amount|price|fee/i.test(name) && types.has('string')) return fee.written;
    if (/currency|curr$/i.test(name)) return fee.currency ?? (nullable(types) ? null : 'XXX');
    if (/vat|tax|mwst|tva|iva|gross/i.test(name) && (types.has('boolean') || types.has('null'))) {
      return fee.vat_included ?? (nullable(types) ? null : false);
    }
    if (/unit|basis/i.test(name) && types.has('string')) return fee.unit;
    if (/state|status|stage/i.test(name) && types.has('string')) return fee.state;
    if (isDescription(name) && types.has('string')) return fee.quote;
    return NOT_MAIL;
  }
  const date = item.date;
  if (values) {
    const vocabulary = vocabularyOf(values) ?? (/kind|type|category/i.test(name) ? 'kind' : undefined);
    return vocabulary === 'kind' ? (pick(values, 'kind', date.kind) ?? NOT_MAIL) : NOT_MAIL;
  }
  if (isDateField(name, schema, types)) return schema.format === 'date-time' ? `${date.date}T00:00:00Z` : date.date;
  if (/kind|type|category/i.test(name) && types.has('string')) return date.kind;
  if (isDescription(name) && types.has('string')) return date.sentence;
  return NOT_MAIL;
};

const ACTIONS: Record<string, (to: string, from: string) => string> = {
  accept: (to, from) => `${to} to confirm the agreed terms with ${from} and share the next steps.`,
  decline: (to, from) => `${to} to acknowledge ${from}'s decline and close the outreach.`,
  offer: (to, from) => `${to} to answer ${from}'s offer.`,
  counter: (to, from) => `${to} to answer ${from}'s counter-proposal.`,
  question: (to, from) => `${to} to answer ${from}'s question.`,
  logistics: (to, from) => `${to} to follow up on the logistics ${from} raised.`,
  other: (to, from) => `${to} to reply to ${from}.`,
};

/**
 * The first entry of an address list: up to the first comma outside "<…>" (what
 * `to.split(/,(?![^<]*>)/)[0]` gives, in one pass from the end instead of a look-ahead from
 * every comma, which was quadratic in a long list).
 */
export const firstAddress = (list: string): string => {
  let cut = list.length;
  let nextAngle = '';
  for (let i = list.length - 1; i >= 0; i -= 1) {
    const c = list[i]!;
    if (c === '<' || c === '>') nextAngle = c;
    else if (c === ',' && nextAngle !== '>') cut = i;
  }
  return list.slice(0, cut).trim();
};

/** Who must act next: the recipient of the last e-mail, answering what it does. */
export const nextStep = (mail: MailFacts): string => {
  const last = mail.emails.at(-1)!;
  const intent = mail.intents.at(-1)?.intent ?? 'other';
  const firstRecipient = firstAddress(last.to);
  const to = firstRecipient ? senderName(firstRecipient) : 'The recipient';
  const sentence = (ACTIONS[intent] ?? ACTIONS.other!)(to, senderName(last.from));
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
};

export const fromMail = (name: string, input: Schema, mail: MailFacts, root: Schema): unknown => {
  const schema = resolve(input, root);
  const types = typesOf(schema, root);
  const desc = describe(schema, root);
  const values = enumOf(schema, root);
  const last = mail.intents.at(-1);
  if (!last || types.has('object') || types.has('array')) return NOT_MAIL;
  if (values) {
    if (vocabularyOf(values) !== 'intent') return NOT_MAIL;
    return pick(values, 'intent', last.intent) ?? NOT_MAIL;
  }
  if (isQuote(name, desc) && types.has('string')) {
    const about = name.replace(/_?(?:quote|evidence|excerpt|citation|verbatim)$/i, '');
    if (/fee|amount|price|rate/i.test(about) && mail.fees[0]) return mail.fees[0].quote;
    if (/date|deadline|when/i.test(about) && mail.dates[0]) return mail.dates[0].quote;
    return last.quote;
  }
  if (isMessageRef(name, desc, types)) return messageRef(last.message, types);
  if (/next_?(?:step|action)|action_?item|to_?do|follow_?up/i.test(name) && types.has('string')) return nextStep(mail);
  return NOT_MAIL;
};

/** The records an array of fees or of key dates lists, within its minItems/maxItems. */
export const mailRecords = (name: string, items: Schema, array: Schema, mail: MailFacts, root: Schema): MailRecord[] | undefined => {
  const props = Object.entries(asSchema(items.properties)).map(([key, sub]) => ({ key, schema: resolve(asSchema(sub), root), types: typesOf(asSchema(sub), root) }));
  if (!props.length) return undefined;
  const feeItems =
    props.some((p) => isAmount(p.key, p.types)) && (props.some((p) => /currency/i.test(p.key)) || props.some((p) => isQuote(p.key, describe(p.schema, root))) || /fee|rate|price|payment|amount/i.test(name));
  const dateItems = !feeItems && props.some((p) => isDateField(p.key, p.schema, p.types));
  const records: MailRecord[] = feeItems
    ? mail.fees.map((fee) => ({ kind: 'fee', fee }))
    : dateItems
      ? mail.dates.map((date) => ({ kind: 'date', date }))
      : [];
  if (!feeItems && !dateItems) return undefined;
  const max = typeof array.maxItems === 'number' ? array.maxItems : Infinity;
  const min = typeof array.minItems === 'number' ? array.minItems : 0;
  if (records.length < min) {
    if (!records.length) return undefined;
    while (records.length < min) records.push(records.at(-1)!);
  }
  return records.slice(0, max);
};
