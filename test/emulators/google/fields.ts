/**
 * Google partial-response `fields` masks: "files(id,name),nextPageToken", "sheets.properties",
 * "sheets(properties(sheetId,title))", "*". Parsed into a tree and applied to JSON bodies.
 */
export type FieldTree = Map<string, FieldTree | true>;

export class FieldsSyntaxError extends Error {}

export const parseFields = (input: string): FieldTree | '*' => {
  const s = input.replace(/\s+/g, '');
  if (s === '' || s === '*') return '*';
  let i = 0;
  const parseList = (): FieldTree => {
    const tree: FieldTree = new Map();
    for (;;) {
      // path a/b or a.b
      const segs: string[] = [];
      let name = '';
      while (i < s.length && !',()'.includes(s[i]!)) {
        const c = s[i]!;
        if (c === '/' || c === '.') {
          segs.push(name);
          name = '';
        } else name += c;
        i++;
      }
      segs.push(name);
      if (segs.some((x) => x === '')) throw new FieldsSyntaxError(`Invalid field selection ${input}`);
      let sub: FieldTree | true = true;
      if (s[i] === '(') {
        i++;
        sub = parseList();
        if (s[i] !== ')') throw new FieldsSyntaxError(`Invalid field selection ${input}`);
        i++;
      }
      // build nested path
      let node = tree;
      for (let k = 0; k < segs.length; k++) {
        const key = segs[k]!;
        const last = k === segs.length - 1;
        if (last) {
          const existing = node.get(key);
          if (existing === true || sub === true) node.set(key, existing === undefined ? sub : true);
          else if (existing instanceof Map) for (const [a, b] of sub) existing.set(a, b);
          else node.set(key, sub);
        } else {
          let next = node.get(key);
          if (next === true) break;
          if (!next) node.set(key, (next = new Map()));
          node = next;
        }
      }
      if (s[i] === ',') {
        i++;
        continue;
      }
      break;
    }
    return tree;
  };
  const tree = parseList();
  if (i !== s.length) throw new FieldsSyntaxError(`Invalid field selection ${input}`);
  return tree;
};

export const applyFields = (value: unknown, tree: FieldTree | '*'): unknown => {
  if (tree === '*') return value;
  if (Array.isArray(value)) return value.map((v) => applyFields(v, tree));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  const src = value as Record<string, unknown>;
  if (tree.has('*')) Object.assign(out, src);
  for (const [key, sub] of tree) {
    if (key === '*' || !(key in src)) continue;
    out[key] = sub === true ? src[key] : applyFields(src[key], sub);
  }
  return out;
};
