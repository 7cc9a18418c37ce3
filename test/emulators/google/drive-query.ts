/**
 * Drive v3 `q` search: tokenizer + recursive-descent parser + evaluator.
 * Terms: 'id' in parents|owners|writers|readers, name|mimeType|fullText = != contains,
 * trashed|starred = true|false, modifiedTime|createdTime < <= > >= = 'RFC 3339',
 * sharedWithMe, (app)properties has { key='k' and value='v' }; combined with and, or, not, ().
 */
export type DriveQNode =
  | { type: 'and' | 'or'; children: DriveQNode[] }
  | { type: 'not'; child: DriveQNode }
  | { type: 'in'; value: string; collection: 'parents' | 'owners' | 'writers' | 'readers' }
  | { type: 'cmp'; field: string; op: '=' | '!=' | '<' | '<=' | '>' | '>=' | 'contains'; value: string | boolean }
  | { type: 'has'; field: 'properties' | 'appProperties'; key: string; value: string }
  | { type: 'flag'; field: 'sharedWithMe' };

export class DriveQueryError extends Error {}

type Tok = { t: 'str'; v: string } | { t: 'name'; v: string } | { t: 'op'; v: string } | { t: 'lp' | 'rp' | 'lb' | 'rb' };

export const tokenizeDriveQuery = (input: string): Tok[] => {
  const out: Tok[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      let v = '';
      i++;
      for (;;) {
        if (i >= input.length) throw new DriveQueryError('unterminated string');
        const ch = input[i]!;
        if (ch === '\\' && i + 1 < input.length) {
          v += input[i + 1];
          i += 2;
          continue;
        }
        if (ch === c) {
          i++;
          break;
        }
        v += ch;
        i++;
      }
      out.push({ t: 'str', v });
      continue;
    }
    if (c === '(') out.push({ t: 'lp' });
    else if (c === ')') out.push({ t: 'rp' });
    else if (c === '{') out.push({ t: 'lb' });
    else if (c === '}') out.push({ t: 'rb' });
    if ('(){}'.includes(c)) {
      i++;
      continue;
    }
    const two = input.slice(i, i + 2);
    if (two === '!=' || two === '<=' || two === '>=') {
      out.push({ t: 'op', v: two });
      i += 2;
      continue;
    }
    if (c === '=' || c === '<' || c === '>') {
      out.push({ t: 'op', v: c });
      i++;
      continue;
    }
    const m = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(input.slice(i));
    if (!m) throw new DriveQueryError(`unexpected character ${c}`);
    out.push({ t: 'name', v: m[0] });
    i += m[0].length;
  }
  return out;
};

const STRING_FIELDS = new Set(['name', 'mimeType', 'fullText']);
const BOOL_FIELDS = new Set(['trashed', 'starred', 'hidden']);
const TIME_FIELDS = new Set(['modifiedTime', 'createdTime', 'viewedByMeTime', 'sharedWithMeTime']);

export const parseDriveQuery = (input: string): DriveQNode => {
  const toks = tokenizeDriveQuery(input);
  let pos = 0;
  const peek = () => toks[pos];
  const isWord = (w: string) => {
    const t = peek();
    return t?.t === 'name' && t.v.toLowerCase() === w;
  };
  const expect = <K extends Tok['t']>(k: K): Extract<Tok, { t: K }> => {
    const t = toks[pos++];
    if (!t || t.t !== k) throw new DriveQueryError(`expected ${k}`);
    return t as Extract<Tok, { t: K }>;
  };

  const parseOr = (): DriveQNode => {
    const children = [parseAnd()];
    while (isWord('or')) {
      pos++;
      children.push(parseAnd());
    }
    return children.length === 1 ? children[0]! : { type: 'or', children };
  };
  const parseAnd = (): DriveQNode => {
    const children = [parseNot()];
    while (isWord('and')) {
      pos++;
      children.push(parseNot());
    }
    return children.length === 1 ? children[0]! : { type: 'and', children };
  };
  const parseNot = (): DriveQNode => {
    if (isWord('not')) {
      pos++;
      return { type: 'not', child: parseNot() };
    }
    return parsePrimary();
  };
  const parseHas = (field: 'properties' | 'appProperties'): DriveQNode => {
    expect('lb');
    let key: string | undefined;
    let value: string | undefined;
    for (;;) {
      const name = expect('name').v;
      const op = expect('op').v;
      if (op !== '=') throw new DriveQueryError('only = inside has {}');
      const v = expect('str').v;
      if (name === 'key') key = v;
      else if (name === 'value') value = v;
      else throw new DriveQueryError(`unknown ${name} in has {}`);
      if (isWord('and')) {
        pos++;
        continue;
      }
      break;
    }
    expect('rb');
    if (key === undefined || value === undefined) throw new DriveQueryError('has {} needs key and value');
    return { type: 'has', field, key, value };
  };
  const parsePrimary = (): DriveQNode => {
    const t = toks[pos++];
    if (!t) throw new DriveQueryError('unexpected end of query');
    if (t.t === 'lp') {
      const inner = parseOr();
      expect('rp');
      return inner;
    }
    if (t.t === 'str') {
      if (!isWord('in')) throw new DriveQueryError('expected in');
      pos++;
      const coll = expect('name').v;
      if (!['parents', 'owners', 'writers', 'readers'].includes(coll)) throw new DriveQueryError(`unknown collection ${coll}`);
      return { type: 'in', value: t.v, collection: coll as 'parents' };
    }
    if (t.t !== 'name') throw new DriveQueryError('unexpected token');
    const field = t.v;
    if (field === 'sharedWithMe') return { type: 'flag', field: 'sharedWithMe' };
    if (field === 'properties' || field === 'appProperties') {
      if (!isWord('has')) throw new DriveQueryError('expected has');
      pos++;
      return parseHas(field);
    }
    let op: string;
    if (isWord('contains')) {
      pos++;
      op = 'contains';
    } else op = expect('op').v;
    const vt = toks[pos++];
    if (!vt) throw new DriveQueryError('missing value');
    if (BOOL_FIELDS.has(field)) {
      if (vt.t !== 'name' || !['true', 'false'].includes(vt.v.toLowerCase()) || (op !== '=' && op !== '!=')) throw new DriveQueryError(`bad ${field} term`);
      return { type: 'cmp', field, op: op as '=', value: vt.v.toLowerCase() === 'true' };
    }
    if (vt.t !== 'str') throw new DriveQueryError(`expected a quoted value for ${field}`);
    if (STRING_FIELDS.has(field)) {
      if (!['=', '!=', 'contains'].includes(op)) throw new DriveQueryError(`bad operator for ${field}`);
      if (field === 'fullText' && op !== 'contains') throw new DriveQueryError('fullText supports contains only');
      return { type: 'cmp', field, op: op as '=', value: vt.v };
    }
    if (TIME_FIELDS.has(field)) {
      if (op === 'contains' || Number.isNaN(Date.parse(vt.v))) throw new DriveQueryError(`bad time term for ${field}`);
      return { type: 'cmp', field, op: op as '=', value: vt.v };
    }
    throw new DriveQueryError(`unknown field ${field}`);
  };

  if (toks.length === 0) return { type: 'and', children: [] };
  const node = parseOr();
  if (pos !== toks.length) throw new DriveQueryError('trailing tokens');
  return node;
};

export type DriveQueryView = {
  name: string;
  mimeType: string;
  description?: string;
  parents: string[];
  owners: string[];
  writers: string[];
  readers: string[];
  trashed: boolean;
  starred: boolean;
  modifiedTime: number;
  createdTime: number;
  sharedWithMe: boolean;
  properties: Record<string, string>;
  appProperties: Record<string, string>;
};

const cmp = (a: number | string | boolean, op: string, b: number | string | boolean): boolean => {
  switch (op) {
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    default:
      return false;
  }
};

export const evalDriveQuery = (node: DriveQNode, f: DriveQueryView): boolean => {
  switch (node.type) {
    case 'and':
      return node.children.every((c) => evalDriveQuery(c, f));
    case 'or':
      return node.children.some((c) => evalDriveQuery(c, f));
    case 'not':
      return !evalDriveQuery(node.child, f);
    case 'in': {
      const list = f[node.collection];
      return node.collection === 'parents' ? list.includes(node.value) : list.map((x) => x.toLowerCase()).includes(node.value.toLowerCase());
    }
    case 'flag':
      return f.sharedWithMe;
    case 'has':
      return f[node.field][node.key] === node.value;
    case 'cmp': {
      if (typeof node.value === 'boolean') return cmp(node.field === 'trashed' ? f.trashed : node.field === 'starred' ? f.starred : false, node.op, node.value);
      if (node.field === 'name' || node.field === 'mimeType') {
        const v = node.field === 'name' ? f.name : f.mimeType;
        if (node.op === 'contains') {
          const needle = node.value.toLowerCase();
          return node.field === 'name' ? v.toLowerCase().startsWith(needle) || v.toLowerCase().split(/[\s\-_.–]+/).some((w) => w.startsWith(needle)) : v.toLowerCase().includes(needle);
        }
        return cmp(v, node.op, node.value);
      }
      if (node.field === 'fullText') return `${f.name}\n${f.description ?? ''}`.toLowerCase().includes(node.value.toLowerCase());
      const t = node.field === 'createdTime' ? f.createdTime : f.modifiedTime;
      return cmp(t, node.op, Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(node.value) ? node.value : `${node.value}Z`));
    }
  }
};
