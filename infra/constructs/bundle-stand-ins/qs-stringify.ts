/**
 * Stands in for qs in the Lambda bundles. googleapis-common only serialises a request's query
 * parameters with it (`qs.stringify(params, { arrayFormat: 'repeat' })`); the package and what it
 * pulls in (side-channel, get-intrinsic, object-inspect: ~55 KB) would ride in every function
 * that talks to Google. This writes the same string as qs does with its defaults: keys in
 * insertion order, undefined skipped, null as an empty value, dates as ISO strings, nested
 * objects as `key[sub]`, arrays repeated or indexed, every byte outside A-Z a-z 0-9 - . _ ~
 * percent-encoded as UTF-8 (so a space is %20).
 */
type ArrayFormat = 'repeat' | 'indices' | 'brackets';
type StringifyOptions = { arrayFormat?: ArrayFormat };

// encodeURIComponent leaves these five unescaped; qs's RFC 3986 encoder does not.
const encode = (value: string): string =>
  encodeURIComponent(value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

const arrayKey = (prefix: string, index: number, format: ArrayFormat): string =>
  format === 'repeat' ? prefix : format === 'brackets' ? `${prefix}[]` : `${prefix}[${index}]`;

const pairs = (prefix: string, value: unknown, format: ArrayFormat): string[] => {
  if (value === undefined) return [];
  if (value === null) return [`${encode(prefix)}=`];
  if (value instanceof Date) return [`${encode(prefix)}=${encode(value.toISOString())}`];
  if (Array.isArray(value)) return value.flatMap((item, index) => pairs(arrayKey(prefix, index, format), item, format));
  if (typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => pairs(`${prefix}[${key}]`, item, format));
  return [`${encode(prefix)}=${encode(String(value))}`];
};

export const stringify = (params: unknown, options: StringifyOptions = {}): string => {
  if (params === null || typeof params !== 'object') return '';
  const format = options.arrayFormat ?? 'indices';
  return Object.entries(params).flatMap(([key, value]) => pairs(key, value, format)).join('&');
};

export default { stringify };
