/**
 * The little of the Sheets formula language the emulator computes, so a formula cell reads back
 * as Sheets would show it: number, string ("" escapes a quote) and TRUE/FALSE literals, + - * /
 * with parentheses and unary minus, & to join text, and HYPERLINK(url, [label]) (its label, else
 * its url). Anything else (a cell reference, another function) is the error Sheets shows for an
 * unknown name, #NAME?; a formula that does not parse is #ERROR!. The cell keeps its formula
 * either way (valueRenderOption=FORMULA returns it unchanged).
 */
export type FormulaError = { error: '#ERROR!' | '#NAME?' | '#VALUE!' | '#DIV/0!' };
export type FormulaResult = string | number | boolean | FormulaError;

/** The Sheets API's ErrorValue.type for each error the emulator produces. */
export const ERROR_TYPES: Record<FormulaError['error'], string> = { '#ERROR!': 'ERROR', '#NAME?': 'NAME', '#VALUE!': 'VALUE', '#DIV/0!': 'DIVIDE_BY_ZERO' };

const MAX_DEPTH = 64;

type Token = { kind: 'number'; value: number } | { kind: 'string'; value: string } | { kind: 'name'; value: string } | { kind: 'op'; value: string };

const tokenize = (source: string): Token[] | undefined => {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (/\s/.test(c)) {
      i += 1;
    } else if (/[\d.]/.test(c)) {
      const m = /^(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/.exec(source.slice(i, i + 64));
      if (!m) return undefined;
      tokens.push({ kind: 'number', value: Number(m[0]) });
      i += m[0].length;
    } else if (c === '"') {
      let value = '';
      let j = i + 1;
      for (;;) {
        if (j >= source.length) return undefined;
        if (source[j] === '"') {
          if (source[j + 1] !== '"') break;
          value += '"';
          j += 2;
        } else {
          value += source[j];
          j += 1;
        }
      }
      tokens.push({ kind: 'string', value });
      i = j + 1;
    } else if (/[A-Za-z_$]/.test(c)) {
      let j = i + 1;
      while (j < source.length && /[\w.$:!]/.test(source[j]!)) j += 1;
      tokens.push({ kind: 'name', value: source.slice(i, j).toUpperCase() });
      i = j;
    } else if ('+-*/&(),;'.includes(c)) {
      tokens.push({ kind: 'op', value: c === ';' ? ',' : c });
      i += 1;
    } else return undefined;
  }
  return tokens;
};

const isError = (v: FormulaResult): v is FormulaError => typeof v === 'object';

const toNumber = (v: FormulaResult): number | FormulaError => {
  if (isError(v)) return v;
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v.trim() === '') return 0;
  const n = Number(v);
  return Number.isFinite(n) ? n : { error: '#VALUE!' };
};

export const formulaText = (v: Exclude<FormulaResult, FormulaError>): string => (typeof v === 'boolean' ? (v ? 'TRUE' : 'FALSE') : String(v));

/** Computes a formula ("=…"); see the module comment for what it understands. */
export const evaluateFormula = (formula: string): FormulaResult => {
  const tokens = tokenize(formula.replace(/^=/, ''));
  if (!tokens || tokens.length === 0) return { error: '#ERROR!' };
  let at = 0;
  let depth = 0;
  const peek = () => tokens[at];
  const isOp = (value: string) => peek()?.kind === 'op' && peek()!.value === value;
  const fail = (): never => {
    throw new SyntaxError('formula');
  };

  const primary = (): FormulaResult => {
    const token = tokens[at++] ?? fail();
    if (token.kind === 'number' || token.kind === 'string') return token.value;
    if (token.kind === 'op') {
      if (token.value === '-' || token.value === '+') {
        const n = toNumber(nested(primary));
        return isError(n) ? n : token.value === '-' ? -n : n;
      }
      if (token.value !== '(') fail();
      const value = expression();
      if (!isOp(')')) fail();
      at += 1;
      return value;
    }
    if (!isOp('(')) return token.value === 'TRUE' ? true : token.value === 'FALSE' ? false : { error: '#NAME?' };
    at += 1;
    const args: FormulaResult[] = [];
    if (isOp(')')) at += 1;
    else {
      for (;;) {
        args.push(expression());
        if (isOp(')')) {
          at += 1;
          break;
        }
        if (!isOp(',')) fail();
        at += 1;
      }
    }
    if (token.value !== 'HYPERLINK') return { error: '#NAME?' };
    if (args.length < 1 || args.length > 2) return { error: '#ERROR!' };
    const shown = args[1] ?? args[0]!;
    return isError(shown) ? shown : formulaText(shown);
  };

  const binary = (next: () => FormulaResult, ops: string, apply: (a: FormulaResult, b: FormulaResult, op: string) => FormulaResult) => (): FormulaResult => {
    let left = next();
    for (let token = peek(); token?.kind === 'op' && ops.includes(token.value); token = peek()) {
      at += 1;
      left = apply(left, next(), token.value);
    }
    return left;
  };
  const arithmetic = (a: FormulaResult, b: FormulaResult, op: string): FormulaResult => {
    const x = toNumber(a);
    const y = toNumber(b);
    if (isError(x)) return x;
    if (isError(y)) return y;
    if (op === '/' && y === 0) return { error: '#DIV/0!' };
    return op === '+' ? x + y : op === '-' ? x - y : op === '*' ? x * y : x / y;
  };
  const term = binary(primary, '*/', arithmetic);
  const sum = binary(term, '+-', arithmetic);
  const join = binary(sum, '&', (a, b) => (isError(a) ? a : isError(b) ? b : formulaText(a) + formulaText(b)));
  /** Parentheses, arguments and signs nest; past MAX_DEPTH the formula is refused, not the stack. */
  function nested(read: () => FormulaResult): FormulaResult {
    if (++depth > MAX_DEPTH) fail();
    try {
      return read();
    } finally {
      depth -= 1;
    }
  }
  function expression(): FormulaResult {
    return nested(join);
  }

  try {
    const value = expression();
    return at === tokens.length ? value : { error: '#ERROR!' };
  } catch (error) {
    if (error instanceof SyntaxError) return { error: '#ERROR!' };
    throw error;
  }
};
