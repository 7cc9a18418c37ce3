import { describe, expect, it } from 'vitest';
import { ownText } from './own-text';

// Lines that open quoted history without an attribution: "-----Original Message-----" style
// rules, forward intros ("Begin forwarded message:") and the "-- " signature delimiter; and
// lines of the sender's own text that look like them. Content is invented.

const REPLY = 'FYI, see below.';
const HISTORY = 'The shoot moved to Friday.\n\nSam';

describe('a framed rule ends the text', () => {
  it.each([
    ['Outlook', '-----Original Message-----'],
    ['Gmail', '---------- Forwarded message ---------'],
    ['Thunderbird (fr)', "-------- Message d'origine --------"],
    ['Outlook (de)', '----- Ursprüngliche Nachricht -----'],
    ['two dashes a side', '--Original Message--'],
    ['a bold heading kept by an HTML conversion', '**Forwarded message**'],
    ['indented', '   -----Original Message-----'],
    ['with trailing spaces', '-----Original Message-----   '],
    ['Outlook (nl)', '-----Oorspronkelijk bericht-----'],
    ['Outlook (ja)', '-----元のメッセージ-----'],
  ])('%s', (_client, rule) => {
    expect(ownText(`${REPLY}\n\n${rule}\n${HISTORY}\n`)).toBe(REPLY);
  });
});

describe('a line of the sender’s own that only looks like a rule', () => {
  it.each([
    ['dashes around an aside at the end of a line', 'I kept your wording -- the original one --'],
    ['a bold word at the start of a sentence', '**Forwarded** the contract to Lee this morning.'],
  ])('is kept: %s', (_shape, line) => {
    const body = `${line}\nSee you Friday.`;
    expect(ownText(`${body}\n`)).toBe(body);
  });
});

describe('a forward intro ends the text', () => {
  it.each([
    ['Apple Mail (en)', 'Begin forwarded message:'],
    ['Apple Mail (en), indented', '  Begin forwarded message:'],
    ['Apple Mail (de)', 'Anfang der weitergeleiteten Nachricht:'],
    ['Apple Mail (fr)', 'Début du message réexpédié :'],
    ['Apple Mail (fr), older', 'Début du message transféré :'],
    ['Apple Mail (es)', 'Inicio del mensaje reenviado:'],
    ['Apple Mail (it)', 'Inizio messaggio inoltrato:'],
    ['Apple Mail (nl)', 'Begin doorgestuurd bericht:'],
    ['Apple Mail (pt-PT)', 'Início da mensagem reencaminhada:'],
    ['Apple Mail (pt-BR)', 'Início da mensagem encaminhada:'],
    ['Apple Mail (ja)', '転送されたメッセージ：'],
    ['Apple Mail (ja), indented', '  転送されたメッセージ：'],
    ['Apple Mail (ko)', '전달된 메시지:'],
  ])('%s', (_client, intro) => {
    expect(ownText(`${REPLY}\n\n${intro}\n\n${HISTORY}\n`)).toBe(REPLY);
  });

  it('is the sender’s sentence when it does not open the line', () => {
    const body = `${REPLY}\nI wrote "Begin forwarded message:" in the subject by mistake.`;
    expect(ownText(`${body}\n`)).toBe(body);
  });
});

describe('the signature delimiter', () => {
  it.each([
    ['"-- " (RFC 3676)', '-- '],
    ['"--" (trailing space stripped)', '--'],
  ])('ends the text: %s', (_shape, delimiter) => {
    expect(ownText(`Thanks!\n${delimiter}\nMaya Okafor\nTalent manager, Bright Agency\n`)).toBe('Thanks!');
  });

  it('is not a line that starts with two dashes', () => {
    const body = 'Thanks!\n-- Maya';
    expect(ownText(`${body}\n`)).toBe(body);
  });
});
