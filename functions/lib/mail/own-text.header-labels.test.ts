import { describe, expect, it } from 'vitest';
import { ownText } from './own-text';

// Outlook-style header blocks ("From: …\nSent: …\nSubject: …") in each language the header
// rule knows. Each block below names the sender without an address, so neither parser
// library cuts it on its own: only the label table decides whether the history is dropped.
// Each block holds a From label and exactly two other labels (a block needs two), so every
// label of a row is needed for the cut. Names, dates and subjects are invented.

const REPLY = 'Works for me, see you on Friday.';
const HISTORY = 'Can we move the shoot to Friday?\n\nSam';
const mail = (header: string) => `${REPLY}\n\n${header}\n\n${HISTORY}\n`;

describe('an Outlook header block with a date line', () => {
  it.each([
    ['en, Sent', 'From: Sam Carter\nSent: Monday, November 3, 2026 10:02 AM\nSubject: Shoot dates'],
    ['en, Date', 'From: Sam Carter\nDate: Monday, November 3, 2026 at 10:02\nSubject: Shoot dates'],
    ['de, Gesendet', 'Von: Sam Carter\nGesendet: Montag, 3. November 2026 10:02\nBetreff: Drehtermine'],
    ['de, Datum', 'Absender: Sam Carter\nDatum: 3. November 2026 um 10:02\nBetreff: Drehtermine'],
    ['fr, Envoyé', 'De : Sam Carter\nEnvoyé : lundi 3 novembre 2026 10:02\nObjet : Dates de tournage'],
    ['fr, Envoyé le', 'Expéditeur : Sam Carter\nEnvoyé le : lundi 3 novembre 2026 10:02\nObjet : Dates de tournage'],
    ['fr, Date', 'De : Sam Carter\nDate : lundi 3 novembre 2026 à 10:02\nObjet : Dates de tournage'],
    ['es, Enviado', 'De: Sam Carter\nEnviado: lunes, 3 de noviembre de 2026 10:02\nAsunto: Fechas de rodaje'],
    ['es, Enviado el', 'Remitente: Sam Carter\nEnviado el: lunes, 3 de noviembre de 2026 10:02\nAsunto: Fechas de rodaje'],
    ['es, Fecha', 'De: Sam Carter\nFecha: lunes, 3 de noviembre de 2026, 10:02\nAsunto: Fechas de rodaje'],
    ['it, Inviato', 'Da: Sam Carter\nInviato: lunedì 3 novembre 2026 10:02\nOggetto: Date delle riprese'],
    ['it, Data', 'Mittente: Sam Carter\nData: lunedì 3 novembre 2026 10:02\nOggetto: Date delle riprese'],
    ['nl, Verzonden', 'Van: Sam Carter\nVerzonden: maandag 3 november 2026 10:02\nOnderwerp: Opnamedata'],
    ['nl, Verstuurd', 'Afzender: Sam Carter\nVerstuurd: maandag 3 november 2026 10:02\nOnderwerp: Opnamedata'],
    ['nl, Datum', 'Van: Sam Carter\nDatum: maandag 3 november 2026 10:02\nOnderwerp: Opnamedata'],
    ['pt, Enviada', 'De: Sam Carter\nEnviada: segunda-feira, 3 de novembro de 2026 10:02\nAssunto: Datas da gravação'],
    ['pt, Enviado', 'Remetente: Sam Carter\nEnviado: segunda-feira, 3 de novembro de 2026 10:02\nAssunto: Datas da gravação'],
    ['da, Sendt', 'Fra: Sam Carter\nSendt: 3. november 2026 10:02\nEmne: Optagelse'],
    ['sv, Skickat', 'Från: Sam Carter\nSkickat: den 3 november 2026 10:02\nÄmne: Inspelning'],
    ['pl, Wysłano', 'Od: Sam Carter\nWysłano: poniedziałek, 3 listopada 2026 10:02\nTemat: Zdjęcia'],
    ['pl, Data', 'Od: Sam Carter\nData: 3 listopada 2026 10:02\nTemat: Zdjęcia'],
    ['ru, Отправлено', 'От: Sam Carter\nОтправлено: 3 ноября 2026 г. 10:02\nТема: Съёмка'],
    ['ru, Дата', 'От: Sam Carter\nДата: 3 ноября 2026 г., 10:02\nТема: Съёмка'],
    ['fi, Lähetetty', 'Lähettäjä: Sam Carter\nLähetetty: maanantai 3. marraskuuta 2026 10.02\nAihe: Kuvaukset'],
    ['fi, Päivämäärä', 'Lähettäjä: Sam Carter\nPäivämäärä: 3. marraskuuta 2026 klo 10.02\nAihe: Kuvaukset'],
    ['hu, Elküldve', 'Feladó: Sam Carter\nElküldve: 2026. november 3., hétfő 10:02\nTárgy: Forgatás'],
    ['tr, Gönderildi', 'Kimden: Sam Carter\nGönderildi: 3 Kasım 2026 Pazartesi 10:02\nKonu: Çekim'],
    ['ja, 送信日時', '差出人: Sam Carter\n送信日時: 2026年11月3日 10:02\n件名: 撮影日程'],
    ['ja, 日付', '送信者: Sam Carter\n日付: 2026年11月3日 10:02\n件名: 撮影日程'],
    ['ko, 보낸 날짜', '보낸 사람: Sam Carter\n보낸 날짜: 2026년 11월 3일 월요일 오전 10:02\n제목: 촬영 일정'],
    ['ko, 보낸날짜', '보낸사람: Sam Carter\n보낸날짜: 2026-11-03 10:02\n제목: 촬영 일정'],
    ['ko, 날짜', '보낸 사람: Sam Carter\n날짜: 2026년 11월 3일 10:02\n제목: 촬영 일정'],
    ['zh-CN, 发送时间', '发件人: Sam Carter\n发送时间: 2026年11月3日 10:02\n主题: 拍摄日期'],
    ['zh-CN, 日期 (full-width colons, no space after them)', '发件人：王芳\n日期：2026年11月3日 10:02\n主题：拍摄日期'],
    ['zh-TW, 寄件日期', '寄件者: Sam Carter\n寄件日期: 2026年11月3日 上午 10:02\n主旨: 拍攝日期'],
    ['zh-TW, 時間', '寄件人: Sam Carter\n時間: 2026年11月3日 10:02\n主旨: 拍攝日期'],
  ])('is cut (%s)', (_shape, header) => {
    expect(ownText(mail(header))).toBe(REPLY);
  });
});

describe('an Outlook header block with a recipient line', () => {
  it.each([
    ['en, To', 'From: Sam Carter\nTo: Maya Okafor\nSubject: Shoot dates'],
    ['de, An', 'Von: Sam Carter\nAn: Maya Okafor\nBetreff: Drehtermine'],
    ['de, Empfänger', 'Absender: Sam Carter\nEmpfänger: Maya Okafor\nBetreff: Drehtermine'],
    ['fr, À', 'De : Sam Carter\nÀ : Maya Okafor\nObjet : Dates de tournage'],
    ['fr, Destinataire', 'Expéditeur : Sam Carter\nDestinataire : Maya Okafor\nObjet : Dates de tournage'],
    ['es, Para', 'De: Sam Carter\nPara: Maya Okafor\nAsunto: Fechas de rodaje'],
    ['es, Destinatario', 'Remitente: Sam Carter\nDestinatario: Maya Okafor\nAsunto: Fechas de rodaje'],
    ['it, A', 'Da: Sam Carter\nA: Maya Okafor\nOggetto: Date delle riprese'],
    ['nl, Aan', 'Van: Sam Carter\nAan: Maya Okafor\nOnderwerp: Opnamedata'],
    ['no, Til', 'Fra: Sam Carter\nTil: Maya Okafor\nEmne: Opptak'],
    ['sv, Till', 'Från: Sam Carter\nTill: Maya Okafor\nÄmne: Inspelning'],
    ['pl, Do', 'Od: Sam Carter\nDo: Maya Okafor\nTemat: Zdjęcia'],
    ['ru, Кому', 'От: Sam Carter\nКому: Maya Okafor\nТема: Съёмка'],
    ['fi, Vastaanottaja', 'Lähettäjä: Sam Carter\nVastaanottaja: Maya Okafor\nAihe: Kuvaukset'],
    ['hu, Címzett', 'Feladó: Sam Carter\nCímzett: Maya Okafor\nTárgy: Forgatás'],
    ['tr, Kime', 'Kimden: Sam Carter\nKime: Maya Okafor\nKonu: Çekim'],
    ['ja, 宛先', '差出人: Sam Carter\n宛先: Maya Okafor\n件名: 撮影日程'],
    ['ko, 받는 사람', '보낸 사람: Sam Carter\n받는 사람: Maya Okafor\n제목: 촬영 일정'],
    ['ko, 받는사람', '보낸사람: Sam Carter\n받는사람: Maya Okafor\n제목: 촬영 일정'],
    ['zh-CN, 收件人', '发件人: Sam Carter\n收件人: Maya Okafor\n主题: 拍摄日期'],
    ['zh-TW, 收件者', '寄件者: Sam Carter\n收件者: Maya Okafor\n主旨: 拍攝日期'],
  ])('is cut (%s)', (_shape, header) => {
    expect(ownText(mail(header))).toBe(REPLY);
  });
});

describe('an Outlook header block with a copy line', () => {
  it.each([
    ['en, Cc', 'From: Sam Carter\nCc: Lee Park\nSubject: Shoot dates'],
    ['de, Kopie', 'Von: Sam Carter\nKopie: Lee Park\nBetreff: Drehtermine'],
    ['fr, Copie', 'De : Sam Carter\nCopie : Lee Park\nObjet : Dates de tournage'],
    ['fr, Copie à', 'De : Sam Carter\nCopie à : Lee Park\nObjet : Dates de tournage'],
    ['pt, Cópia', 'De: Sam Carter\nCópia: Lee Park\nAssunto: Datas da gravação'],
    ['es, Copia', 'De: Sam Carter\nCopia: Lee Park\nAsunto: Fechas de rodaje'],
    ['sv, Kopia', 'Från: Sam Carter\nKopia: Lee Park\nÄmne: Inspelning'],
    ['fi, Kopio', 'Lähettäjä: Sam Carter\nKopio: Lee Park\nAihe: Kuvaukset'],
    ['ru, Копия', 'От: Sam Carter\nКопия: Lee Park\nТема: Съёмка'],
    ['ko, 참조', '보낸 사람: Sam Carter\n참조: Lee Park\n제목: 촬영 일정'],
    ['zh-CN, 抄送', '发件人: Sam Carter\n抄送: Lee Park\n主题: 拍摄日期'],
    ['zh-TW, 副本', '寄件者: Sam Carter\n副本: Lee Park\n主旨: 拍攝日期'],
  ])('is cut (%s)', (_shape, header) => {
    expect(ownText(mail(header))).toBe(REPLY);
  });
});

describe('an Outlook header block with a reply-to line', () => {
  it.each([
    ['en, Reply-To', 'From: Sam Carter\nReply-To: Bright Agency\nSubject: Shoot dates'],
    ['de, Antwort an', 'Von: Sam Carter\nAntwort an: Bright Agency\nBetreff: Drehtermine'],
    ['fr, Répondre à', 'De : Sam Carter\nRépondre à : Bright Agency\nObjet : Dates de tournage'],
    ['es, Responder a', 'De: Sam Carter\nResponder a: Bright Agency\nAsunto: Fechas de rodaje'],
  ])('is cut (%s)', (_shape, header) => {
    expect(ownText(mail(header))).toBe(REPLY);
  });
});
