import type { JsonSchema } from './schema-fill';

/**
 * Two checks the real API makes that catch product bugs early:
 * - strict mode rejects a schema whose objects allow extra keys or leave a property out of
 *   `required` (zod's optional fields do exactly that), or that uses a keyword it does not
 *   support (uniqueItems, allOf, ...), with the real message and context path;
 * - `validateValue` is a small JSON Schema validator the tests use to prove outputs conform.
 */
const asSchema = (v: unknown): JsonSchema => (v && typeof v === 'object' ? (v as JsonSchema) : {});

/**
 * Keywords strict mode refuses, from the Structured Outputs guide's "Supported schemas": the
 * composition keywords other than anyOf ("Composition: allOf, not, dependentRequired,
 * dependentSchemas, if, then, else") and the object and array keywords outside the supported
 * ones (strings: pattern, format; numbers: multipleOf, minimum, maximum, exclusive bounds;
 * arrays: minItems, maxItems).
 */
export const REFUSED_KEYWORDS = [
  'allOf',
  'not',
  'dependentRequired',
  'dependentSchemas',
  'if',
  'then',
  'else',
  'patternProperties',
  'unevaluatedProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'unevaluatedItems',
  'contains',
  'minContains',
  'maxContains',
  'uniqueItems',
] as const;

const contextOf = (path: string[]) => `(${path.map((p) => `'${p}'`).join(', ')}${path.length === 1 ? ',' : ''})`;

export const strictSchemaProblem = (name: string, schema: JsonSchema): string | undefined => {
  const prefix = `Invalid schema for response_format '${name}': `;
  if (schema.type !== 'object' && !schema.anyOf) {
    return `${prefix}schema must be a JSON Schema of 'type: "object"', got 'type: "${String(schema.type)}"'.`;
  }
  const walk = (node: JsonSchema, path: string[]): string | undefined => {
    const refused = REFUSED_KEYWORDS.find((keyword) => keyword in node);
    if (refused) return `${prefix}In context=${contextOf(path)}, '${refused}' is not permitted.`;
    const isObject = node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object')) || node.properties !== undefined;
    if (isObject) {
      if (node.additionalProperties !== false) {
        return `${prefix}In context=${contextOf(path)}, 'additionalProperties' is required to be supplied and to be false.`;
      }
      const keys = Object.keys(asSchema(node.properties));
      const required = Array.isArray(node.required) ? node.required.map(String) : [];
      const missing = keys.find((k) => !required.includes(k));
      if (missing !== undefined) {
        return `${prefix}In context=${contextOf(path)}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
      }
      for (const [key, sub] of Object.entries(asSchema(node.properties))) {
        const problem = walk(asSchema(sub), [...path, 'properties', key]);
        if (problem) return problem;
      }
    }
    if (node.items) {
      const problem = walk(asSchema(node.items), [...path, 'items']);
      if (problem) return problem;
    }
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      const list = node[keyword];
      if (Array.isArray(list)) {
        for (const [i, sub] of list.entries()) {
          const problem = walk(asSchema(sub), [...path, keyword, String(i)]);
          if (problem) return problem;
        }
      }
    }
    for (const defs of ['$defs', 'definitions'] as const) {
      for (const [key, sub] of Object.entries(asSchema(node[defs]))) {
        const problem = walk(asSchema(sub), [...path, defs, key]);
        if (problem) return problem;
      }
    }
    return undefined;
  };
  return walk(schema, []);
};

const typeMatches = (value: unknown, type: string): boolean => {
  switch (type) {
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return typeof value === type;
  }
};

/** Returns the first violation as "path: reason", or undefined when the value conforms. */
export const validateValue = (value: unknown, schema: JsonSchema, root: JsonSchema = schema, path = '$'): string | undefined => {
  if (typeof schema.$ref === 'string') {
    const parts = schema.$ref === '#' ? [] : schema.$ref.replace(/^#\//, '').split('/');
    let node: unknown = root;
    for (const p of parts) node = asSchema(node)[p];
    return validateValue(value, asSchema(node), root, path);
  }
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value)) return `${path}: not const`;
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) return `${path}: not in enum`;
  const branches = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches)) {
    return branches.some((b) => validateValue(value, asSchema(b), root, path) === undefined) ? undefined : `${path}: matches no branch`;
  }
  const types = Array.isArray(schema.type) ? schema.type.map(String) : typeof schema.type === 'string' ? [schema.type] : [];
  if (types.length && !types.some((t) => typeMatches(value, t))) return `${path}: expected ${types.join('|')}`;
  if (typeof value === 'string') {
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return `${path}: too long`;
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) return `${path}: too short`;
    if (schema.format === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${path}: not a date`;
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) return `${path}: below minimum`;
    if (typeof schema.maximum === 'number' && value > schema.maximum) return `${path}: above maximum`;
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) return `${path}: too few items`;
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) return `${path}: too many items`;
    for (const [i, item] of value.entries()) {
      const problem = validateValue(item, asSchema(schema.items), root, `${path}[${i}]`);
      if (problem) return problem;
    }
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const props = asSchema(schema.properties);
    for (const key of Array.isArray(schema.required) ? schema.required.map(String) : []) {
      if (!(key in record)) return `${path}.${key}: required`;
    }
    for (const [key, v] of Object.entries(record)) {
      if (key in props) {
        const problem = validateValue(v, asSchema(props[key]), root, `${path}.${key}`);
        if (problem) return problem;
      } else if (schema.additionalProperties === false) return `${path}.${key}: not allowed`;
    }
  }
  return undefined;
};
