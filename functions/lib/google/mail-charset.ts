/**
 * A text part's bytes to a string, by the charset its Content-Type declares.
 *
 * Node's TextDecoder (full ICU, as Lambda's runtime ships it) knows every encoding of the WHATWG
 * Encoding Standard, which is what mail in the wild is written in: UTF-8 and UTF-16, the
 * ISO-8859 and windows-125x families, KOI8, Mac Roman, Shift_JIS, EUC-JP, ISO-2022-JP, GBK,
 * GB18030, Big5 and EUC-KR. It also reads the labels as mail clients mean them: "iso-8859-1"
 * and "us-ascii" text is windows-1252, "euc-kr" and "ks_c_5601-1987" is Korean UHC, "shift_jis"
 * carries Microsoft's extensions, "gb2312" is GBK. No decoding library is bundled for the rest
 * (UTF-7, UTF-32, DOS and IBM code pages): iconv-lite's tables would weigh more than the whole
 * function that reads mail, for charsets next to no mail declares; such a part is read as an
 * undeclared one.
 */

/** Names mail software writes that are not WHATWG labels, mapped onto the encoding they mean. */
const LABEL_ALIASES: Record<string, string> = {
  cp932: 'shift_jis',
  cp936: 'gbk',
  cp949: 'euc-kr',
  cp950: 'big5',
  uhc: 'euc-kr',
  'latin-1': 'windows-1252',
};

/** "iso8859_1", "iso_8859_15", "ISO8859-2": the ISO names as some software spells them. */
const isoLabel = (label: string): string => label.replace(/^iso[-_ ]?8859[-_ ]?(\d+)$/, 'iso-8859-$1');

const decoders = new Map<string, TextDecoder | null>();

/** One decoder per label (and null for a label nobody knows), at most 64 remembered. */
const decoderFor = (label: string): TextDecoder | null => {
  const known = decoders.get(label);
  if (known !== undefined) return known;
  let decoder: TextDecoder | null = null;
  try {
    decoder = new TextDecoder(label);
  } catch {
    // Not a WHATWG label (or one the standard maps to "replacement", such as hz-gb-2312).
  }
  if (decoders.size < 64) decoders.set(label, decoder);
  return decoder;
};

const utf8 = new TextDecoder('utf-8');
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');
const utf16be = new TextDecoder('utf-16be');

/** No usable label: UTF-8 when the bytes are UTF-8, else windows-1252 (what such 8-bit mail mostly is). */
const guessed = (bytes: Uint8Array): string => {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return windows1252.decode(bytes);
  }
};

/** "utf-16" says nothing of byte order: a big-endian byte order mark says it is big-endian. */
const startsBigEndian = (bytes: Uint8Array): boolean => bytes[0] === 0xfe && bytes[1] === 0xff;

export const decodeCharset = (bytes: Uint8Array, charset: string | undefined): string => {
  const declared = (charset ?? '').trim().replace(/^["']|["']$/g, '').toLowerCase();
  if (declared === 'utf-8' || declared === 'utf8') return utf8.decode(bytes);
  if (!declared) return guessed(bytes);
  const label = LABEL_ALIASES[declared] ?? isoLabel(declared);
  if (label === 'utf-16' && startsBigEndian(bytes)) return utf16be.decode(bytes);
  const decoder = decoderFor(label);
  return decoder ? decoder.decode(bytes) : guessed(bytes);
};
