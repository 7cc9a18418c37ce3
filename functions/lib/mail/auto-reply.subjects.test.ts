import { describe, expect, it } from 'vitest';
import { classifyAutoReply, type AutoReplyInput } from './auto-reply';

// Subjects responders write, in the languages of the mail the agencies get, and the person's
// subjects next to them: a responder's phrase opens the subject (a person's reply opens with
// "Re:"); an away word counts as the whole subject or before a separator; the same notions
// anywhere else are a hint that needs a second one (away wording in the text).

const input = (over: Partial<Omit<AutoReplyInput, 'headers'>> & { headers?: Record<string, string> } = {}): AutoReplyInput => ({
  subject: 'Re: Spring launch',
  ownText: 'Thank you for your message.',
  from: 'Jane Doe <jane@talent.example>',
  ...over,
  headers: new Map(Object.entries(over.headers ?? {})),
});

describe('a responder’s phrase opening the subject', () => {
  it.each([
    'Automatic reply: Spring launch',
    'Automated reply: Spring launch',
    'Automatic response: Spring launch',
    'Autoreply: Spring launch',
    'Auto Reply: Spring launch',
    'AutoReply: Spring launch',
    'Autoresponse: Spring launch',
    'Auto Response: Spring launch',
    'Autorespond: Spring launch',
    'Autoresponder: Spring launch',
    'Auto Responder: Spring launch',
    'Out of Office AutoReply: Spring launch',
    'Out of Office Auto Reply: Spring launch',
    'Out of the Office AutoReply: Spring launch',
    'Out of Office Reply: Spring launch',
    '[Automatic reply] Spring launch',
    '(Automatic reply) Spring launch',
    '  Automatic reply: Spring launch',
    '[ Automatic reply ] Spring launch',
    'Abwesenheitsnotiz: Vertrag',
    'Automatische Antwort: Vertrag',
    'Réponse automatique : Tarifs',
    'Reponse automatique : Tarifs',
    'Respuesta automática: Contrato',
    'Respuesta automatica: Contrato',
    'Risposta automatica: Contratto',
    'Automatisch antwoord: Reel',
    'Automatisch bericht: Reel',
    'Resposta automática: Cachê',
    'Resposta automatica: Cachê',
    'Autosvar: Kampanj',
    'Automatisk svar: Kampanj',
    'Automaattinen vastaus: Kampanja',
    'Odpowiedź automatyczna: Kampania',
    'Автоответ: Кампания',
    'Автоматический ответ: Кампания',
    'Otomatik yanıt: Kampanya',
    '自動返信: 投稿日について',
    '自動応答: 投稿日について',
    '自動回覆: 合作邀請',
    '自动回复: 合作邀请',
    '자동회신: 단가 문의',
    '자동 회신: 단가 문의',
    '자동응답: 단가 문의',
    '자동 응답: 단가 문의',
    '부재중 자동응답: 단가 문의',
    '부재 중 자동 회신: 단가 문의',
    '부재중자동응답: 단가 문의',
  ])('%s', (subject) => {
    expect(classifyAutoReply(input({ subject }))).toBe('auto_reply');
  });

  it.each([
    'Re: Automatic reply: Spring launch',
    'Re:Automatic reply: Spring launch',
    'RE:Autoreply: Spring launch',
    'Fwd: Out of Office AutoReply: Spring launch',
    'Re: 자동응답: 단가 문의',
    'Our automatic reply settings',
  ])('a person’s %j', (subject) => {
    expect(classifyAutoReply(input({ subject }))).toBe('none');
  });
});

describe('an away word as the whole subject or before a separator', () => {
  it.each([
    'Out of office',
    'Out of the office',
    'OOO',
    'OOO: Spring launch',
    'Out of office: Spring launch',
    'Out of office：Spring launch',
    'Out of office - back 3 March',
    'Out of office – back 3 March',
    'Out of office — back 3 March',
    'Out of office | Maya Okafor',
    '[Out of office] Spring launch',
    '(Out of office) Spring launch',
    '  Out of office',
    '[ OOO ] Spring launch',
    'Away from office: Spring launch',
    'Away from the office: Spring launch',
    'Absence : Campagne',
    'Absent : Campagne',
    'Absente : Campagne',
    'Absent du bureau : Campagne',
    'Absente du bureau : Campagne',
    'Abwesend: Vertrag',
    'Abwesenheit: Vertrag',
    'Nicht im Büro: Vertrag',
    'Fuera de la oficina: Contrato',
    'Ausente: Contrato',
    'Ausencia: Contrato',
    'Fuori ufficio: Contratto',
    'Fuori sede: Contratto',
    'Assente: Contratto',
    'Afwezig: Reel',
    'Afwezigheid: Reel',
    'Niet aanwezig: Reel',
    'Fora do escritório: Cachê',
    'Ausência: Cachê',
    '不在: 投稿日について',
    '不在のお知らせ: 投稿日について',
    '休暇: 投稿日について',
    '[부재중] 단가 문의',
    '[부재 중] 단가 문의',
    '휴가: 단가 문의',
    'Auto: Spring launch',
  ])('%s', (subject) => {
    expect(classifyAutoReply(input({ subject }))).toBe('auto_reply');
  });

  it.each([
    'Out of office next week, can we move the shoot?',
    'Re: Out of office: Spring launch',
    'Re:Out of office',
    'Re:OOO',
    'OOO shoot plan',
    'Absent from the shoot? Spring launch',
    'Absence of usage rights in the contract',
    'Awayday agenda',
    'Ausente el lunes? Contrato',
    'Autumn launch',
  ])('a person’s %j', (subject) => {
    expect(classifyAutoReply(input({ subject }))).toBe('none');
  });
});

describe('the same notions anywhere in a subject: a hint that needs away wording in the text', () => {
  const AWAY = "I'm on parental leave until January and not checking this inbox.";
  const AWAY_KO = '3월 3일까지 휴가 중입니다.';

  it.each([
    ['Re: Spring launch (out of office)', AWAY],
    ['Re: Spring launch (out of the office)', AWAY],
    ['Re: Spring launch (automatic reply)', AWAY],
    ['Re: Spring launch (autoreply)', AWAY],
    ['Re: Spring launch (auto reply)', AWAY],
    ['Re: Spring launch (auto-reply)', AWAY],
    ['Re: Vertrag (Abwesenheit)', AWAY],
    ['Re: Tarifs (réponse automatique)', AWAY],
    ['Re: Contrato (respuesta automática)', AWAY],
    ['Re: Contrato (fuera de la oficina)', AWAY],
    ['Re: Contratto (risposta automatica)', AWAY],
    ['Re: Contratto (fuori ufficio)', AWAY],
    ['Re: Reel (automatisch antwoord)', AWAY],
    ['Re: Cachê (resposta automática)', AWAY],
    ['Re: 投稿日 (自動返信)', AWAY],
    ['Re: 投稿日 (不在)', AWAY],
    ['Re: 合作 (自动回复)', AWAY],
    ['Re: 단가 문의 (부재중)', AWAY_KO],
    ['Re: 단가 문의 (부재 중)', AWAY_KO],
    ['Re: 단가 문의 (자동응답)', AWAY_KO],
    ['Re: 단가 문의 (자동 응답)', AWAY_KO],
    ['Away: Spring launch', AWAY],
    ['Away : Spring launch', AWAY],
    ['Away - Spring launch', AWAY],
    ['[Away] Spring launch', AWAY],
    ['(Away) Spring launch', AWAY],
    ['  Away: Spring launch', AWAY],
    ['[ Away ] Spring launch', AWAY],
  ])('%j with away wording is a responder', (subject, ownText) => {
    expect(classifyAutoReply(input({ subject, ownText }))).toBe('auto_reply');
  });

  it.each([
    ['Re: Spring launch (out of office)', 'Sounds good, $2,000 works for me.'],
    ['Re: 단가 문의 (부재중)', '네, 좋습니다.'],
    ['Away: Spring launch', 'Sounds good, $2,000 works for me.'],
    ['Re:Away: Spring launch', AWAY],
    ['Re: Away: Spring launch', AWAY],
    ['Giveaway: Spring launch', AWAY],
    ['Away team: Spring launch', AWAY],
    ['Re: Spring launch (autumn reply)', AWAY],
    ['Re: 단가 문의 (자동차 응답)', AWAY_KO],
  ])('%j with %j is a person', (subject, ownText) => {
    expect(classifyAutoReply(input({ subject, ownText }))).toBe('none');
  });
});
