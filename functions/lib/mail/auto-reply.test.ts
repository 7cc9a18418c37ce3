import { describe, expect, it } from 'vitest';
import { classifyAutoReply, type AutoReplyInput } from './auto-reply';

const input = (over: Partial<Omit<AutoReplyInput, 'headers'>> & { headers?: Record<string, string> } = {}): AutoReplyInput => ({
  subject: 'Re: Spring launch',
  ownText: 'Sounds good, $2,000 works for me.',
  from: 'Jane Doe <jane@talent.com>',
  ...over,
  headers: new Map(Object.entries(over.headers ?? {})),
});

describe('classifyAutoReply', () => {
  it('leaves a person’s reply alone', () => {
    expect(classifyAutoReply(input())).toBe('none');
    expect(classifyAutoReply(input({ headers: { 'auto-submitted': 'no' } }))).toBe('none');
    expect(classifyAutoReply(input({ headers: { precedence: 'list', 'list-id': '<talent.lists.example>' } }))).toBe('none');
  });

  describe('headers', () => {
    it.each([
      ['Auto-Submitted: auto-replied (Gmail vacation responder)', { 'auto-submitted': 'auto-replied' }],
      ['Auto-Submitted: auto-generated with a parameter', { 'auto-submitted': 'auto-generated; owner-email="jane@talent.com"' }],
      ['X-Autoreply: yes', { 'x-autoreply': 'yes' }],
      ['X-Autorespond', { 'x-autorespond': 'Out of office' }],
      ['Precedence: auto_reply', { precedence: 'auto_reply' }],
      ['Precedence: bulk', { precedence: 'bulk' }],
      ['Precedence: junk', { precedence: 'Junk' }],
    ])('%s', (_name, headers) => {
      expect(classifyAutoReply(input({ headers }))).toBe('auto_reply');
    });

    it('does not trust X-Auto-Response-Suppress alone (Exchange sets it on meeting mail too)', () => {
      expect(classifyAutoReply(input({ headers: { 'x-auto-response-suppress': 'All' } }))).toBe('none');
    });

    it('counts X-Auto-Response-Suppress together with away wording', () => {
      const away = 'I am currently out of the office with limited access to email.';
      expect(classifyAutoReply(input({ headers: { 'x-auto-response-suppress': 'All' }, ownText: away }))).toBe('auto_reply');
    });
  });

  describe('subjects', () => {
    it.each([
      'Automatic reply: Spring launch',
      'Auto-Reply: Re: Spring launch',
      'Out of Office: Re: Spring launch',
      'Out of office',
      'Abwesenheitsnotiz: Vertrag Frühjahrskampagne',
      'Automatische Antwort: Vertrag',
      'Réponse automatique : Tarifs',
      'Absence : Campagne de printemps',
      'Fuera de la oficina: Contrato',
      'Respuesta automática: Contrato',
      'Risposta automatica: Data di pubblicazione',
      'Automatisch antwoord: Reel',
      'Resposta automática: Cachê',
      '自動返信: 投稿日について',
      '[부재중] 단가 문의',
      '자동 회신: 단가 문의',
    ])('%s', (subject) => {
      expect(classifyAutoReply(input({ subject, ownText: 'Thank you for your message.' }))).toBe('auto_reply');
    });

    it.each(['Out of office next week, can we move the shoot?', 'Re: Automatic reply: Spring launch', 'Absence of usage rights in the contract'])(
      'a person writing %j is not an auto-reply',
      (subject) => {
        expect(classifyAutoReply(input({ subject }))).toBe('none');
      },
    );
  });

  describe('body wording', () => {
    it('takes a responder that says what it is', () => {
      expect(classifyAutoReply(input({ ownText: 'This is an automatic reply. I will answer your e-mail after March 3.' }))).toBe('auto_reply');
      expect(classifyAutoReply(input({ ownText: 'Ceci est une réponse automatique. Je suis absente jusqu’au 3 mars.' }))).toBe('auto_reply');
      expect(classifyAutoReply(input({ ownText: '자동 응답 메일입니다. 3월 3일까지 휴가 중입니다.' }))).toBe('auto_reply');
    });

    it('needs a second hint for away wording a person might also write', () => {
      const human = "I'm out of office until Monday, will reply properly when I'm back, but yes: $2,000 works.";
      expect(classifyAutoReply(input({ ownText: human }))).toBe('none');
      expect(classifyAutoReply(input({ subject: 'Re: Spring launch [out of office]', ownText: human }))).toBe('auto_reply');
    });

    it.each([
      'Ich bin bis zum 3. März nicht im Büro und habe keinen Zugriff auf meine E-Mails.',
      'Je suis actuellement absente et je répondrai à votre message dès mon retour.',
      'Estoy fuera de la oficina hasta el 3 de marzo.',
      'Sono fuori ufficio fino al 3 marzo.',
      'Ik ben tot 3 maart afwezig.',
      'Estou fora do escritório até 3 de março.',
      '3月3日まで不在にしております。',
      '3월 3일까지 부재중입니다.',
    ])('%s (with an Exchange hint)', (ownText) => {
      expect(classifyAutoReply(input({ headers: { 'x-auto-response-suppress': 'DR, RN, NRN, OOF, AutoReply' }, ownText }))).toBe('auto_reply');
    });
  });

  describe('bounces', () => {
    it('reads a Gmail bounce', () => {
      const bounce = input({
        from: 'Mail Delivery Subsystem <mailer-daemon@googlemail.com>',
        subject: 'Delivery Status Notification (Failure)',
        headers: { 'x-failed-recipients': 'jane@talent.example', 'auto-submitted': 'auto-replied' },
        mimeType: 'multipart/report',
        ownText: "Address not found. Your message wasn't delivered to jane@talent.example.",
      });
      expect(classifyAutoReply(bounce)).toBe('bounce');
    });

    it.each([
      ['X-Failed-Recipients alone', input({ headers: { 'x-failed-recipients': 'jane@talent.example' } })],
      ['a delivery-status report', input({ headers: { 'content-type': 'multipart/report; report-type=delivery-status; boundary="b1"' } })],
      ['report type on the MIME type', input({ mimeType: 'multipart/report; report-type="delivery-status"' })],
      ['MAILER-DAEMON as sender', input({ from: 'MAILER-DAEMON@mx.talent.example' })],
      ['postmaster as sender', input({ from: 'Postmaster <postmaster@talent.example>' })],
      ['an Exchange NDR subject', input({ from: 'Microsoft Outlook <MicrosoftExchange329e71ec88ae4615@talent.example>', subject: 'Undeliverable: Spring launch' })],
      ['a German NDR subject', input({ subject: 'Unzustellbar: Vertrag' })],
    ])('%s', (_name, message) => {
      expect(classifyAutoReply(message)).toBe('bounce');
    });

    it('does not call a read receipt a bounce', () => {
      const receipt = input({ headers: { 'content-type': 'multipart/report; report-type=disposition-notification; boundary="b2"' } });
      expect(classifyAutoReply(receipt)).toBe('none');
      expect(classifyAutoReply({ ...receipt, headers: new Map([['auto-submitted', 'auto-replied']]) })).toBe('auto_reply');
    });

    it('does not call a person writing about delivery a bounce', () => {
      expect(classifyAutoReply(input({ subject: 'Re: Delivery failure of the product parcel' }))).toBe('none');
    });
  });
});
