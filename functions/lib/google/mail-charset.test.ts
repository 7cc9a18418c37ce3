import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeCharset } from './mail-charset';

const bytes = (text: string, encoding: string): Uint8Array => Uint8Array.from(iconv.encode(text, encoding));

describe('decodeCharset', () => {
  it.each([
    ['cp936', 'gbk', '报价是每条视频八千元'],
    ['cp949', 'cp949', '단가는 150만원입니다'],
    ['cp950', 'big5', '報價是新台幣兩萬五千元'],
    ['UHC', 'cp949', '촬영은 3월 5일'],
    ['windows-31j', 'cp932', '了解しました'],
  ])('reads the Windows code page name %s as its WHATWG encoding', (label, encoding, text) => {
    expect(decodeCharset(bytes(text, encoding), label)).toBe(text);
  });

  it.each(['iso8859_1', 'ISO_8859-1', 'iso8859-1', 'latin-1', '"ISO-8859-1"', ' us-ascii '])('reads %s as windows-1252, as mail clients mean it', (label) => {
    expect(decodeCharset(Uint8Array.from([0x93, 0x4f, 0x4b, 0x94, 0x20, 0xe9, 0x80]), label)).toBe('“OK” é€');
  });

  it('reads the other ISO-8859 parts by their spelled-out number', () => {
    expect(decodeCharset(bytes('Zażółć', 'iso-8859-2'), 'iso8859_2')).toBe('Zażółć');
    expect(decodeCharset(bytes('Ελληνικά', 'iso-8859-7'), 'ISO_8859-7')).toBe('Ελληνικά');
  });

  it('reads UTF-16 in the byte order its byte order mark gives, little-endian without one', () => {
    expect(decodeCharset(Uint8Array.from([0xfe, 0xff, 0x00, 0x4f, 0x00, 0x4b]), 'utf-16')).toBe('OK');
    expect(decodeCharset(Uint8Array.from([0xff, 0xfe, 0x4f, 0x00, 0x4b, 0x00]), 'UTF-16')).toBe('OK');
    expect(decodeCharset(Uint8Array.from([0x4f, 0x00, 0x4b, 0x00]), 'utf-16')).toBe('OK');
    expect(decodeCharset(Uint8Array.from([0x00, 0x4f, 0x00, 0x4b]), 'utf-16be')).toBe('OK');
  });

  it('reads a part whose charset Node does not decode as an undeclared one: UTF-8 if it is, else windows-1252', () => {
    expect(decodeCharset(Buffer.from('Olá ✨'), 'utf-7')).toBe('Olá ✨');
    expect(decodeCharset(Uint8Array.from([0x82, 0x65]), 'cp437')).toBe('‚e');
    // The standard maps these to its "replacement" decoder, which TextDecoder refuses.
    expect(decodeCharset(Buffer.from('plain ascii'), 'hz-gb-2312')).toBe('plain ascii');
  });

  it('keeps one decoder per label however many unknown labels arrive', () => {
    for (let index = 0; index < 200; index++) expect(decodeCharset(Buffer.from('ok'), `x-made-up-${index}`)).toBe('ok');
    expect(decodeCharset(bytes('Привет', 'koi8-r'), 'koi8-r')).toBe('Привет');
  });
});
