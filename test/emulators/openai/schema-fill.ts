import { displayName, summaryText, type Facts } from './facts';
import { fromMail, fromMailItem, mailRecords, NOT_MAIL, type MailRecord } from './mail-fill';

/**
 * Produces a JSON value valid against the JSON Schema of a `json_schema` response format,
 * filled from the facts of the input: date-like fields take the dates found in the text in
 * order, rate fields the amounts, name/email fields the participants, enums the value the text
 * cues, summaries the summary. Covers what strict structured outputs allow: object,
 * properties, required, array, items, string, enum, const, number, integer, boolean, null,
 * anyOf/oneOf, type arrays, $ref into $defs/definitions.
 *
 * With `<email>` blocks in the request, fields the mail answers are read from it (mail-fill.ts):
 * arrays of fees and of key dates, an intent enum, quotes, the e-mail index a fact comes from.
 */
export type JsonSchema = { [key: string]: unknown };

type Kind = 'date' | 'email' | 'name' | 'rate' | 'subject' | 'summary' | 'status' | 'count' | 'score' | 'text';

const kindOf = (name: string, schema: JsonSchema): Kind => {
  const n = name.toLowerCase();
  if (schema.format === 'date' || schema.format === 'date-time' || /date|deadline|(^|_)day|_on$|^when$|_at$|timestamp/.test(n)) return 'date';
  if (schema.format === 'email' || /email|address/.test(n)) return 'email';
  if (/summary|description|overview|notes?$|content|details|explanation|reason|context|text|message|body/.test(n)) return 'summary';
  if (/rate|fee|price|amount|budget|cost|compensation/.test(n)) return 'rate';
  if (/count|number_of|^num_|total|quantity/.test(n)) return 'count';
  if (/confidence|score|probability|certainty/.test(n)) return 'score';
  if (/name|talent|contact|person|sender|recipient|from|manager|participant|who/.test(n)) return 'name';
  if (/subject|title|topic|headline/.test(n)) return 'subject';
  if (/status|stage|state|outcome|decision|sentiment|category|type/.test(n)) return 'status';
  return 'text';
};

type Cursor = Record<Kind, number>;

/** `local.text` is the sentence of the last date taken: an array item describes its own date. */
type Ctx = { facts: Facts; root: JsonSchema; cursor: Cursor; depth: number; local: { text?: string }; item?: MailRecord };

const take = <T>(list: readonly T[], ctx: Ctx, kind: Kind): T | undefined => {
  if (list.length === 0) return undefined;
  const i = ctx.cursor[kind];
  ctx.cursor[kind] = i + 1;
  return list[Math.min(i, list.length - 1)];
};

const asSchema = (value: unknown): JsonSchema => (value && typeof value === 'object' ? (value as JsonSchema) : {});

const resolveRef = (schema: JsonSchema, root: JsonSchema): JsonSchema => {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  if (ref === '#') return root;
  const path = ref.replace(/^#\//, '').split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = root;
  for (const part of path) node = asSchema(node)[part];
  return asSchema(node);
};

const typesOf = (schema: JsonSchema): string[] => {
  if (Array.isArray(schema.type)) return schema.type.map(String);
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  if (Array.isArray(schema.enum)) return [...new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)))];
  return ['string'];
};

/** Whether the text holds something for this field; if not, a nullable field becomes null. */
const hasData = (kind: Kind, ctx: Ctx): boolean => {
  const f = ctx.facts;
  switch (kind) {
    case 'date':
      return ctx.cursor.date < f.dates.length;
    case 'rate':
      return f.rates.length > 0;
    case 'email':
      return f.participants.some((p) => p.email);
    case 'name':
      return f.participants.length > 0;
    default:
      return true;
  }
};

const CUE_WORDS: [RegExp, (f: Facts) => number][] = [
  [/confirm|accept|agree|booked|signed|yes|positive|won/, (f) => (f.cues.has('confirmed') ? 6 : 0)],
  [/declin|reject|refus|no$|negative|lost|pass/, (f) => (f.cues.has('declined') ? 6 : 0)],
  [/negotiat|rate|pric|counter|offer|discuss/, (f) => (f.cues.has('negotiating') ? 3 : 0)],
  [/pending|waiting|await|no_?response|open|sent|contacted|outreach/, (f) => (f.cues.has('pending') ? 2 : 0)],
  [/follow/, (f) => (f.cues.has('follow_up') ? 2 : 0)],
  [/question|inquiry|info/, (f) => (f.cues.has('question') ? 1 : 0)],
];

/** The enum value the text supports best: named in the text, then cue words; ties go to the input's seed. */
export const chooseEnum = (values: readonly unknown[], facts: Facts, localText = ''): unknown => {
  const local = localText.toLowerCase();
  if (values.length === 0) return null;
  const scored = values.map((value, index) => {
    if (typeof value !== 'string') return { value, index, score: 0 };
    const v = value.toLowerCase();
    let score = facts.haystack.includes(v.replace(/_/g, ' ')) || facts.haystack.includes(v) ? 4 : 0;
    if (local && v.length > 2 && local.includes(v.replace(/_/g, ' ').slice(0, Math.max(3, v.length - 3)))) score += 8;
    for (const [pattern, bonus] of CUE_WORDS) if (pattern.test(v)) score += bonus(facts);
    return { value, index, score };
  });
  const best = Math.max(...scored.map((s) => s.score));
  const top = scored.filter((s) => s.score === best);
  return top[best > 0 ? 0 : facts.seed % top.length]!.value;
};

const rateNumber = (rate: string | undefined): number | undefined => {
  if (!rate) return undefined;
  const m = /(\d[\d,]*(?:\.\d+)?)\s?([kK])?/.exec(rate);
  if (!m) return undefined;
  const n = Number(m[1]!.replace(/,/g, ''));
  return m[2] ? n * 1000 : n;
};

const statusWord = (f: Facts) =>
  f.cues.has('confirmed') ? 'confirmed' : f.cues.has('declined') ? 'declined' : f.cues.has('negotiating') ? 'negotiating' : 'pending';

const fitLength = (s: string, schema: JsonSchema): string => {
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const cut = s.length > max ? s.slice(0, max) : s;
  return cut.length < min ? cut.padEnd(min, '.') : cut;
};

const fillString = (name: string, schema: JsonSchema, ctx: Ctx): string => {
  const f = ctx.facts;
  const kind = kindOf(name, schema);
  let value: string;
  switch (kind) {
    case 'date': {
      const d = take(f.dates, ctx, 'date') ?? '1970-01-01';
      ctx.local.text = f.dateContexts.get(d);
      value = schema.format === 'date-time' ? `${d}T00:00:00Z` : d;
      break;
    }
    case 'email':
      value = f.participants.find((p) => p.email)?.email ?? 'unknown@example.com';
      break;
    case 'name': {
      const p = take(f.participants, ctx, 'name');
      value = p ? displayName(p) : 'Unknown';
      break;
    }
    case 'rate':
      value = take(f.rates, ctx, 'rate') ?? 'not mentioned';
      break;
    case 'subject':
      value = f.subject || 'No subject';
      break;
    case 'summary':
      value =
        ctx.depth > 1 && ctx.local.text
          ? ctx.local.text
          : typeof schema.maxLength === 'number' && schema.maxLength < 200
            ? f.firstSentence || f.subject
            : summaryText(f);
      break;
    case 'status':
      value = statusWord(f);
      break;
    default:
      value = f.firstSentence || f.subject || 'n/a';
  }
  return fitLength(value, schema);
};

const clampNumber = (n: number, schema: JsonSchema, integer: boolean): number => {
  let v = integer ? Math.round(n) : n;
  const step = integer ? 1 : 0.01;
  if (typeof schema.minimum === 'number') v = Math.max(v, schema.minimum);
  if (typeof schema.exclusiveMinimum === 'number') v = Math.max(v, schema.exclusiveMinimum + step);
  if (typeof schema.maximum === 'number') v = Math.min(v, schema.maximum);
  if (typeof schema.exclusiveMaximum === 'number') v = Math.min(v, schema.exclusiveMaximum - step);
  return integer ? Math.round(v) : v;
};

const fillNumber = (name: string, schema: JsonSchema, ctx: Ctx, integer: boolean): number => {
  const f = ctx.facts;
  const kind = kindOf(name, schema);
  const n =
    kind === 'rate'
      ? (rateNumber(f.rates[0]) ?? 0)
      : kind === 'count'
        ? /date/.test(name) ? f.dates.length : /rate/.test(name) ? f.rates.length : f.participants.length
        : kind === 'score'
          ? typeof schema.maximum === 'number' && schema.maximum > 1 ? Math.round(schema.maximum * 0.9) : 0.9
          : f.seed % 10;
  return clampNumber(n, schema, integer);
};

const fillBoolean = (name: string, ctx: Ctx): boolean => {
  const f = ctx.facts;
  const n = name.toLowerCase();
  if (/confirm|agree|accept|booked/.test(n)) return f.cues.has('confirmed');
  if (/declin|reject|refus/.test(n)) return f.cues.has('declined');
  if (/rate|negotiat|price|fee|budget/.test(n)) return f.cues.has('negotiating');
  if (/question|reply|respon|await|action/.test(n)) return f.cues.has('question');
  if (/follow/.test(n)) return f.cues.has('follow_up');
  if (/date/.test(n)) return f.dates.length > 0;
  return false;
};

const arrayLength = (name: string, items: JsonSchema, schema: JsonSchema, ctx: Ctx): number => {
  const f = ctx.facts;
  const n = name.toLowerCase();
  const itemProps = Object.keys(asSchema(items.properties)).join(' ');
  const wanted = /date|deadline|event|milestone|timeline/.test(`${n} ${itemProps}`)
    ? f.dates.length - ctx.cursor.date
    : /participant|people|contact|email|sender|recipient/.test(n)
      ? f.participants.length
      : /rate|fee|price/.test(n)
        ? f.rates.length
        : /point|highlight|item|action|step|task|note|topic/.test(n)
          ? 2
          : 1;
  const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : 10;
  return Math.max(min, Math.min(max, wanted, ctx.depth > 4 ? 0 : Infinity));
};

const fill = (input: JsonSchema, name: string, ctx: Ctx): unknown => {
  const schema = resolveRef(input, ctx.root);
  if ('const' in schema) return schema.const;
  const mail = ctx.facts.mail;
  if (mail) {
    const answer = ctx.item ? fromMailItem(name, schema, ctx.item, ctx.root) : fromMail(name, schema, mail, ctx.root);
    if (answer !== NOT_MAIL) return answer;
  }
  if (Array.isArray(schema.enum)) return chooseEnum(schema.enum, ctx.facts, ctx.depth > 1 ? ctx.local.text : undefined);
  const branches = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches) && branches.length) {
    const resolved = branches.map((b) => resolveRef(asSchema(b), ctx.root));
    const nullBranch = resolved.find((b) => typesOf(b).length === 1 && typesOf(b)[0] === 'null');
    const others = resolved.filter((b) => b !== nullBranch);
    const pick = others.find((b) => hasData(kindOf(name, b), ctx) && ctx.depth <= 4) ?? nullBranch ?? others[0]!;
    return fill(pick, name, ctx);
  }
  const types = typesOf(schema);
  const nonNull = types.filter((t) => t !== 'null');
  const type = nonNull.length === 0 ? 'null' : types.includes('null') && (!hasData(kindOf(name, schema), ctx) || ctx.depth > 4) ? 'null' : nonNull[0]!;
  const deeper: Ctx = { ...ctx, depth: ctx.depth + 1 };
  switch (type) {
    case 'null':
      return null;
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(asSchema(schema.properties))) out[key] = fill(asSchema(sub), key, deeper);
      return out;
    }
    case 'array': {
      const items = asSchema(schema.items);
      const records = mail && !ctx.item ? mailRecords(name, resolveRef(items, ctx.root), schema, mail, ctx.root) : undefined;
      if (records) return records.map((item) => fill(items, singular(name), { ...deeper, item, local: {} }));
      const length = arrayLength(name, resolveRef(items, ctx.root), schema, ctx);
      return Array.from({ length }, () => {
        ctx.local.text = undefined;
        return fill(items, singular(name), deeper);
      });
    }
    case 'number':
      return fillNumber(name, schema, ctx, false);
    case 'integer':
      return fillNumber(name, schema, ctx, true);
    case 'boolean':
      return fillBoolean(name, ctx);
    default:
      return fillString(name, schema, ctx);
  }
};

const singular = (name: string) => name.replace(/ies$/, 'y').replace(/s$/, '');

export const fillSchema = (schema: JsonSchema, facts: Facts): unknown =>
  fill(schema, '', {
    facts,
    root: schema,
    depth: 0,
    local: {},
    cursor: { date: 0, email: 0, name: 0, rate: 0, subject: 0, summary: 0, status: 0, count: 0, score: 0, text: 0 },
  });
