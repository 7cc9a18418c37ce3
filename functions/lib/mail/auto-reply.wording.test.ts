import { describe, expect, it } from 'vitest';
import { classifyAutoReply, type AutoReplyInput } from './auto-reply';

// What a responder writes in its text, in the languages of the mail the agencies get: a statement
// that it is automatic decides alone; away wording, which a person may write too ("I'm out until
// Monday, but yes"), needs a second hint. And the RFC 3834 and de-facto header values at their
// edges. One wording per row.

const input = (over: Partial<Omit<AutoReplyInput, 'headers'>> & { headers?: Record<string, string> } = {}): AutoReplyInput => ({
  subject: 'Re: Spring launch',
  ownText: 'Sounds good, $2,000 works for me.',
  from: 'Jane Doe <jane@talent.example>',
  ...over,
  headers: new Map(Object.entries(over.headers ?? {})),
});

describe('a responder saying it is automatic', () => {
  it.each([
    'This is an automatic reply. I will answer after 3 March.',
    'This is an automated response.',
    'This is an auto-generated message.',
    'This is an automatic email.',
    'This is an automatic e-mail.',
    // as non-native writers put it
    'This is a automated response.',
    'Ceci est une réponse automatique.',
    "C'est une réponse automatique.",
    'Dies ist eine automatische Antwort.',
    'Dies ist eine automatische Nachricht.',
    'Esta es una respuesta automática.',
    'Questa è una risposta automatica.',
    'Dit is een automatisch antwoord.',
    'Dit is een automatisch bericht.',
    'Esta é uma resposta automática.',
    '本メールは自動返信です。',
    '自動返信メールです。',
    '自動応答メールにてお知らせいたします。',
    '자동 회신입니다.',
    '자동회신입니다.',
    '자동응답 메일입니다.',
    '자동 응답 메일입니다.',
    '자동 응답메일입니다.',
    '此为自动回复。',
    '这是自动回复。',
  ])('%s', (ownText) => {
    expect(classifyAutoReply(input({ ownText }))).toBe('auto_reply');
  });

  it.each([
    'Is this an automatic reply? I got two of them.',
    'This is an automatic yes from me: $2,000 works.',
    'Thanks, 자동차 광고 건 확인했습니다.',
  ])('a person’s %j', (ownText) => {
    expect(classifyAutoReply(input({ ownText }))).toBe('none');
  });
});

describe('away wording, with and without a second hint', () => {
  // Exchange sets X-Auto-Response-Suppress on its out-of-office replies (and on meeting mail).
  const EXCHANGE = { 'x-auto-response-suppress': 'DR, RN, NRN, OOF, AutoReply' };

  it.each([
    'Out of office until 3 March.',
    'Out of the office until 3 March.',
    'Away from the office until 3 March.',
    'Away from my desk until 3 March.',
    'Away from desk until 3 March.',
    'I am away until 3 March.',
    "I'm currently away until 3 March.",
    'I will be out until 3 March.',
    "I'll be on leave until 3 March.",
    'I am on holiday until 3 March.',
    "I'm on vacation until 3 March.",
    'I am on annual leave until 3 March.',
    "I'm on maternity leave until June.",
    'I am on sick leave this week.',
    'Limited access to email until 3 March.',
    'With limited access to e-mail until 3 March.',
    'With limited access to my email until 3 March.',
    'Not checking my inbox until 3 March.',
    'I will not be checking this inbox until 3 March.',
    'I will not be checking my email until 3 March.',
    'I will not be checking my e-mails until 3 March.',
    'I will not be checking my emails until 3 March.',
    'I will reply upon my return.',
    'I will reply on my return.',
    'I will reply when I return.',
    'I will reply when I get back.',
    'I will reply when I am back.',
    'Je suis absente jusqu’au 3 mars.',
    'Je suis absent jusqu’au 3 mars.',
    'Je suis actuellement absente.',
    'Je serai absent du 1er au 3 mars.',
    'Je serai absente du 1er au 3 mars.',
    'Je vous répondrai dès mon retour.',
    'Je vous répondrai à mon retour.',
    'Ich bin nicht im Büro.',
    'Ich bin bis 3. März abwesend.',
    'Ich bin im Urlaub.',
    'Ich antworte nach meiner Rückkehr.',
    'Estoy fuera de la oficina.',
    'Estaré de vacaciones hasta el 3 de marzo.',
    'Estoy ausente.',
    'Le responderé a mi regreso.',
    'Sono fuori ufficio.',
    'Sarò in ferie fino al 3 marzo.',
    'Sono assente.',
    'Risponderò al mio rientro.',
    'Ik ben tot 3 maart afwezig.',
    'Ik ben deze week niet op kantoor.',
    'Tot 3 maart ben ik met vakantie.',
    'Ik antwoord na mijn terugkeer.',
    'Estou fora do escritório.',
    'Estarei de férias até 3 de março.',
    'Estou ausente.',
    'Respondo no meu retorno.',
    '3月3日まで不在にしております。',
    '3月3日まで休暇を取っております。',
    '3月3日まで休暇をいただいております。',
    '戻り次第ご連絡いたします。',
    '3월 3일까지 부재중입니다.',
    '3월 3일까지 부재 중입니다.',
    '3월 3일까지 휴가중입니다.',
    '3월 3일까지 휴가 중입니다.',
    '복귀 후 답변드리겠습니다.',
    '복귀후 답변드리겠습니다.',
    '我目前不在办公室。',
    '我正在休假。',
  ])('%s: a responder with an Exchange hint, a person without', (ownText) => {
    expect(classifyAutoReply(input({ headers: EXCHANGE, ownText }))).toBe('auto_reply');
    expect(classifyAutoReply(input({ ownText }))).toBe('none');
  });

  it.each([
    "I'm back on Monday, $2,000 works.",
    'Away we go: $2,000 works.',
    'The office is out of coffee.',
    'I am outraged by the fee.',
    "I'm outside London next week, but $2,000 works.",
    'Not checking the contract yet.',
  ])('%j is no away wording, even with a hint', (ownText) => {
    expect(classifyAutoReply(input({ headers: EXCHANGE, ownText }))).toBe('none');
  });
});

describe('header values at their edges', () => {
  it.each([
    ['x-autoreply', 'yes'],
    ['x-autoreply', 'Yes'],
    ['x-autorespond', 'Notice of absence'],
    ['x-autorespond', 'Falsetto Studio vacation notice'],
    ['x-autoresponder', 'vacation 2.0'],
    ['x-autoresponder', 'Nano 10'],
    ['x-autoresponder', '1'],
    ['auto-submitted', 'auto-replied (vacation)'],
    ['precedence', 'auto_reply'],
    ['precedence', 'Auto-Reply'],
  ])('%s: %j is a responder', (name, value) => {
    expect(classifyAutoReply(input({ headers: { [name]: value } }))).toBe('auto_reply');
  });

  it.each([
    ['x-autoreply', 'No'],
    ['x-autoreply', 'no; set by the list server'],
    ['x-autorespond', 'FALSE'],
    ['x-autoresponder', ' 0 '],
    ['auto-submitted', 'NO'],
    ['precedence', 'first-class'],
    ['x-autogenerated', 'Forward'],
  ])('%s: %j is not', (name, value) => {
    expect(classifyAutoReply(input({ headers: { [name]: value } }))).toBe('none');
  });

  const AWAY = "I'm on parental leave until January and not checking this inbox.";

  it.each(['<>', ' <> ', '< >', '<\t>', '\t<>'])('a null Return-Path %j with away wording is a responder', (returnPath) => {
    expect(classifyAutoReply(input({ headers: { 'return-path': returnPath }, ownText: AWAY }))).toBe('auto_reply');
  });

  it.each(['<jane@talent.example>', 'jane@talent.example <>', '<> <jane@talent.example>', '<<>>', ''])('Return-Path %j is no hint', (returnPath) => {
    expect(classifyAutoReply(input({ headers: { 'return-path': returnPath }, ownText: AWAY }))).toBe('none');
  });

  it('two header hints without wording are still a person', () => {
    const headers = { precedence: 'junk', 'x-auto-response-suppress': 'All', 'return-path': '<>' };
    expect(classifyAutoReply(input({ headers }))).toBe('none');
    expect(classifyAutoReply(input({ headers, ownText: AWAY }))).toBe('auto_reply');
  });
});
