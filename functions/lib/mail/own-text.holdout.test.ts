import { expect, it } from 'vitest';
import { ownText } from './own-text';

/**
 * Held-out phrasings: written after the rules in own-text.ts were settled, in client styles
 * and wordings the tuning suite (own-text.test.ts) does not use. The suite reports how many
 * come out right instead of failing on the first miss, so a rule change shows as a score.
 * The first batch scored 41/44 on its first run; its three misses led to general fixes
 * (noted above the second batch), so only the second batch is still strictly unseen.
 */
type Case = { name: string; body: string; own: string };

const ASK = '> Could you confirm the posting date?\n';

const cases: Case[] = [
  { name: 'Thunderbird, English, numeric date', body: `March 4 works.\n\nOn 2/19/25 9:20 PM, Sam Carter wrote:\n${ASK}`, own: 'March 4 works.' },
  {
    name: 'Outlook 2019 attribution with a quoted display name',
    body: `Confirmed.\n\nOn Wed, 19 Feb 2025 at 21:20, "Sam Carter" <sam@brightagency.com> wrote:\n${ASK}`,
    own: 'Confirmed.',
  },
  {
    name: 'Gmail with a comma in the display name',
    body: `Yes, March 4.\n\nOn Wed, Feb 19, 2025 at 9:20 PM "Carter, Sam" <sam@brightagency.com> wrote:\n${ASK}`,
    own: 'Yes, March 4.',
  },
  { name: 'Thunderbird, German', body: `Passt, der 4. März.\n\nAm 19.02.25 um 21:20 schrieb Sam Carter:\n${ASK}`, own: 'Passt, der 4. März.' },
  {
    name: 'Apple Mail, German, quoted attribution and iPad signature',
    body: `Geht klar.\n\nVon meinem iPad gesendet\n\n> Am 19.02.2025 um 21:20 schrieb Sam Carter <sam@brightagency.com>:\n>\n${ASK}`,
    own: 'Geht klar.',
  },
  { name: 'Thunderbird, French', body: `Le 4 mars me convient.\n\nLe 19/02/2025 à 21:20, Sam Carter a écrit :\n${ASK}`, own: 'Le 4 mars me convient.' },
  {
    name: 'Apple Mail, Spanish, with mobile signature',
    body: `Perfecto, el 4 de marzo.\n\nEnviado desde mi iPhone\n\n> El 19 feb 2025, a las 21:20, Sam Carter <sam@brightagency.com> escribió:\n>\n${ASK}`,
    own: 'Perfecto, el 4 de marzo.',
  },
  {
    name: 'Apple Mail, Italian, with mobile signature',
    body: `Va bene il 4 marzo.\n\nInviato da iPhone\n\n> Il giorno 19 feb 2025, alle ore 21:20, Sam Carter <sam@brightagency.com> ha scritto:\n>\n${ASK}`,
    own: 'Va bene il 4 marzo.',
  },
  {
    name: 'Apple Mail, Dutch, "het volgende geschreven"',
    body: `Prima, 4 maart.\n\nVerstuurd vanaf mijn iPhone\n\n> Op 19 feb. 2025 om 21:20 heeft Sam Carter <sam@brightagency.com> het volgende geschreven:\n>\n${ASK}`,
    own: 'Prima, 4 maart.',
  },
  {
    name: 'Apple Mail, Brazilian Portuguese',
    body: `Pode ser dia 4 de março.\n\nEnviado do meu iPhone\n\n> Em 19 de fev. de 2025, à(s) 21:20, Sam Carter <sam@brightagency.com> escreveu:\n>\n${ASK}`,
    own: 'Pode ser dia 4 de março.',
  },
  {
    name: 'Korean webmail "Original Message" block',
    body: `네, 3월 4일 가능합니다.\n\n-----Original Message-----\nFrom: "Sam Carter"<sam@brightagency.com>\nTo: "지민"<jimin@talent.kr>;\nSent: 2025-02-19 (수) 21:20:11 (GMT+09:00)\nSubject: 게시일 확인\n\n게시일을 확인해 주세요.\n`,
    own: '네, 3월 4일 가능합니다.',
  },
  {
    name: 'Outlook, Korean',
    body: `확인했습니다.\n\n보낸 사람: Sam Carter <sam@brightagency.com>\n보낸 날짜: 2025년 2월 19일 수요일 오후 9:20\n받는 사람: 지민 <jimin@talent.kr>\n제목: 게시일 확인\n\n게시일을 확인해 주세요.\n`,
    own: '확인했습니다.',
  },
  {
    name: 'Outlook, Japanese',
    body: `承知いたしました。\n\n差出人: Sam Carter <sam@brightagency.com>\n送信日時: 2025年2月19日 21:20\n宛先: ゆき <yuki@talent.jp>\n件名: 投稿日の確認\n\n投稿日をご確認ください。\n`,
    own: '承知いたしました。',
  },
  {
    name: 'Thunderbird, Japanese',
    body: `3月4日で問題ありません。\n\n2025/02/19 21:20 に Sam Carter さんは書きました:\n${ASK}`,
    own: '3月4日で問題ありません。',
  },
  {
    name: 'Gmail, Chinese',
    body: `好的，3月4日发布。\n\nSam Carter <sam@brightagency.com> 于2025年2月19日周三 21:20写道：\n${ASK}`,
    own: '好的，3月4日发布。',
  },
  {
    name: 'Outlook, Dutch',
    body: `Akkoord.\n\nVan: Sam Carter <sam@brightagency.com>\nVerzonden: woensdag 19 februari 2025 21:20\nAan: Daan de Vries <daan@talent.nl>\nOnderwerp: Plaatsingsdatum\n\nKun je de datum bevestigen?\n`,
    own: 'Akkoord.',
  },
  {
    name: 'Outlook, Portuguese',
    body: `Combinado.\n\nDe: Sam Carter <sam@brightagency.com>\nEnviado: quarta-feira, 19 de fevereiro de 2025 21:20\nPara: Beatriz Lima <bia@talentos.com.br>\nAssunto: Data de publicação\n\nPode confirmar a data?\n`,
    own: 'Combinado.',
  },
  {
    name: 'new Outlook with Date and Cc lines',
    body: `Looping in my manager.\n\nFrom: Sam Carter <sam@brightagency.com>\nDate: Wednesday, 19 February 2025 at 21:20\nTo: Jane Doe <jane@talent.com>\nCc: Ops <ops@brightagency.com>\nSubject: Posting date\n\nCould you confirm the posting date?\n`,
    own: 'Looping in my manager.',
  },
  {
    name: 'Outlook for Mac header order',
    body: `Sure thing.\n\nFrom: Sam Carter <sam@brightagency.com>\nDate: Wednesday, February 19, 2025 at 9:20 PM\nTo: Jane Doe <jane@talent.com>\nSubject: Re: Posting date\n\nCould you confirm?\n`,
    own: 'Sure thing.',
  },
  {
    name: 'Yahoo Mail with unquoted history',
    body: `Works for me!\n\nOn Wednesday, February 19, 2025 at 09:20:11 PM EST, Sam Carter <sam@brightagency.com> wrote:\n\n\nHi Jane, could you confirm the posting date?\nSam\n`,
    own: 'Works for me!',
  },
  {
    name: 'bottom-posted under a short "X wrote:"',
    body: `Sam Carter wrote:\n> Could you confirm the posting date?\n> And the fee?\n\nMarch 4, and $1,500 as agreed.\n`,
    own: 'March 4, and $1,500 as agreed.',
  },
  {
    name: 'inline reply with two quote levels',
    body: `On Thu, Feb 20, 2025 at 8:00 AM Sam Carter <sam@brightagency.com> wrote:\n> Fee?\n>> Jane: I usually charge $2,000.\n\n$1,800 for this one.\n\n> Date?\n\nMarch 4.\n`,
    own: '$1,800 for this one.\n\nMarch 4.',
  },
  {
    name: 'Gmail forward, French',
    body: `Pour info, voir ci-dessous.\n\n---------- Message transféré ---------\nDe : Brand Team <team@brand.example>\nDate: mer. 19 févr. 2025 à 21:20\nSubject: Validation\nTo: Claire <claire@talents.fr>\n\nLe brouillon est validé.\n`,
    own: 'Pour info, voir ci-dessous.',
  },
  {
    name: 'Gmail forward, Spanish',
    body: `Te reenvío lo de la marca.\n\n---------- Mensaje reenviado ---------\nDe: Brand Team <team@brand.example>\nDate: mié, 19 feb 2025 a las 21:20\nSubject: Aprobación\nTo: Lucía <lucia@talentos.es>\n\nEl borrador está aprobado.\n`,
    own: 'Te reenvío lo de la marca.',
  },
  {
    name: 'Outlook forward behind an underscore rule',
    body: `Sam, can you check the usage terms below?\n\n________________________________\nFrom: Brand Legal <legal@brand.example>\nSent: Wednesday, February 19, 2025 9:20 PM\nTo: Mark Lee <mark@talentco.com>\nSubject: FW: Usage terms\n\nUsage is limited to 6 months.\n`,
    own: 'Sam, can you check the usage terms below?',
  },
  { name: 'Samsung signature', body: `On my way to the shoot, will confirm tonight.\n\nSent from my Galaxy\n`, own: 'On my way to the shoot, will confirm tonight.' },
  { name: 'Yahoo app signature', body: `Yes, $900.\n\nSent from Yahoo Mail for iPhone\n`, own: 'Yes, $900.' },
  { name: 'Proton Mail signature', body: `Signed and returned.\n\nSent with Proton Mail secure email.\n`, own: 'Signed and returned.' },
  { name: 'signature delimiter without trailing space', body: `Invoice attached.\n\n--\nJane Doe | Creator\nhello@janedoe.example\n`, own: 'Invoice attached.' },
  {
    name: 'Outlook for Android footer then header block',
    body: `Ok!\n\nGet Outlook for Android<https://aka.ms/AAb9ysg>\n\nFrom: Sam Carter <sam@brightagency.com>\nSent: Wednesday, February 19, 2025 9:20:11 PM\nTo: Jane Doe <jane@talent.com>\nSubject: Date\n\nOk?\n`,
    own: 'Ok!',
  },
  {
    name: 'text mentioning an original message and a dash',
    body: `Please ignore my original message -- the fee is $1,800, not $1,500.\n\nJane\n`,
    own: 'Please ignore my original message -- the fee is $1,800, not $1,500.\n\nJane',
  },
  {
    name: 'a person quoting the brief in their own words',
    body: `Sam wrote that the brand wants two Reels, so here is my offer:\n\n2 Reels: $3,000\n1 Story set: $500\n\nJane\n`,
    own: 'Sam wrote that the brand wants two Reels, so here is my offer:\n\n2 Reels: $3,000\n1 Story set: $500\n\nJane',
  },
  {
    name: 'Polish Gmail',
    body: `Tak, 4 marca.\n\nW dniu śr., 19.02.2025 o 21:20 Sam Carter <sam@brightagency.com> napisał(a):\n${ASK}`,
    own: 'Tak, 4 marca.',
  },
  {
    name: 'Polish Thunderbird "pisze"',
    body: `Pasuje.\n\nW dniu 19.02.2025 o 21:20, Sam Carter pisze:\n${ASK}`,
    own: 'Pasuje.',
  },
  {
    name: 'Swedish Gmail',
    body: `Det funkar.\n\nDen ons 19 feb. 2025 kl 21:20 skrev Sam Carter <sam@brightagency.com>:\n${ASK}`,
    own: 'Det funkar.',
  },
  {
    name: 'Russian Gmail (no verb, address then colon)',
    body: `Да, 4 марта.\n\nср, 19 февр. 2025 г. в 21:20, Sam Carter <sam@brightagency.com>:\n${ASK}`,
    own: 'Да, 4 марта.',
  },
  {
    name: 'Korean iPhone',
    body: `네 좋습니다.\n\niPhone에서 보냄\n\n> 2025. 2. 19. 오후 9:20, Sam Carter <sam@brightagency.com> 작성:\n>\n${ASK}`,
    own: '네 좋습니다.',
  },
  {
    name: 'Japanese Gmail wrapped over two lines',
    body: `問題ございません。\n\n2025年2月19日(水) 21:20 Samantha Carter-Williams <samantha.carter-williams@brightagency.com\n>:\n\n${ASK}`,
    own: '問題ございません。',
  },
  {
    name: 'converter that keeps bold labels',
    body: `Thanks, noted.\n\n*From:* Sam Carter <sam@brightagency.com>\n*Sent:* Wednesday, February 19, 2025 9:20 PM\n*To:* Jane Doe <jane@talent.com>\n*Subject:* Posting date\n\nCould you confirm?\n`,
    own: 'Thanks, noted.',
  },
  {
    name: 'IBM Notes attribution',
    body: `Approved.\n\n"Sam Carter" <sam@brightagency.com> wrote on 02/19/2025 09:20:11 PM:\n\n${ASK}`,
    own: 'Approved.',
  },
  {
    name: 'Outlook, German "Ursprüngliche Nachricht"',
    body: `Danke, erledigt.\n\n-----Ursprüngliche Nachricht-----\nVon: Sam Carter <sam@brightagency.com>\nGesendet: Mittwoch, 19. Februar 2025 21:20\nAn: Lena <lena@talent.de>\nBetreff: Rechnung\n\nBitte Rechnung schicken.\n`,
    own: 'Danke, erledigt.',
  },
  {
    name: 'Outlook, French "Message d\'origine"',
    body: `C'est noté.\n\n-----Message d'origine-----\nDe : Sam Carter <sam@brightagency.com>\nEnvoyé : mercredi 19 février 2025 21:20\nÀ : Hugo <hugo@talents.fr>\nObjet : Facture\n\nMerci d'envoyer la facture.\n`,
    own: "C'est noté.",
  },
  {
    name: 'Outlook, Spanish "Mensaje original"',
    body: `Enviada.\n\n-----Mensaje original-----\nDe: Sam Carter <sam@brightagency.com>\nEnviado el: miércoles, 19 de febrero de 2025 21:20\nPara: Lucía <lucia@talentos.es>\nAsunto: Factura\n\n¿Puedes enviar la factura?\n`,
    own: 'Enviada.',
  },
  {
    name: 'Zoho-style framed attribution',
    body: `Sounds great.\n\n---- On Wed, 19 Feb 2025 21:20:00 +0000 Sam Carter <sam@brightagency.com> wrote ----\n\nCould you confirm the posting date?\n`,
    own: 'Sounds great.',
  },
];

// Written after three general gaps the first batch exposed were closed (CJK verbs glued to
// the name, a wrapped ">:" address end, framed attributions): still unseen by the rules.
const laterCases: Case[] = [
  { name: 'Gmail, UK date order', body: `Yes please.\n\nOn Thu, 20 Feb 2025 at 08:05, Sam Carter <sam@brightagency.com> wrote:\n${ASK}`, own: 'Yes please.' },
  {
    name: 'Outlook Web with Cc and RE: subject',
    body: `Adding Priya for invoicing.\n\nFrom: Sam Carter <sam@brightagency.com>\nSent: 20 February 2025 08:05\nTo: Jane Doe <jane@talent.com>\nCc: Finance <finance@brightagency.com>\nSubject: RE: Invoice\n\nPlease send the invoice.\n`,
    own: 'Adding Priya for invoicing.',
  },
  {
    name: 'macOS Mail bottom-posted with iPad signature after the answer',
    body: `> On 20 Feb 2025, at 08:05, Sam Carter <sam@brightagency.com> wrote:\n>\n> Can you post on the 4th?\n\nThe 4th is fine.\n\nSent from my iPad\n`,
    own: 'The 4th is fine.',
  },
  {
    name: 'Outlook, Spanish with Fecha',
    body: `Recibido, gracias.\n\nDe: Sam Carter <sam@brightagency.com>\nFecha: jueves, 20 de febrero de 2025, 8:05\nPara: Lucía <lucia@talentos.es>\nAsunto: Contrato\n\nTe adjunto el contrato.\n`,
    own: 'Recibido, gracias.',
  },
  {
    name: 'Outlook, Italian "Messaggio originale"',
    body: `Ricevuto.\n\n-----Messaggio originale-----\nDa: Sam Carter <sam@brightagency.com>\nInviato: giovedì 20 febbraio 2025 08:05\nA: Giulia <giulia@talenti.it>\nOggetto: Contratto\n\nTi allego il contratto.\n`,
    own: 'Ricevuto.',
  },
  { name: 'Thunderbird, Dutch', body: `Dat lukt.\n\nOp 20-02-2025 om 08:05 schreef Sam Carter:\n${ASK}`, own: 'Dat lukt.' },
  {
    name: 'Outlook, Portugal with Enviada',
    body: `Está combinado.\n\nDe: Sam Carter <sam@brightagency.com>\nEnviada: 20 de fevereiro de 2025 08:05\nPara: Inês <ines@talentos.pt>\nAssunto: Datas\n\nPodes confirmar?\n`,
    own: 'Está combinado.',
  },
  {
    name: 'Gmail, Danish',
    body: `Det passer fint.\n\nDen tor. 20. feb. 2025 kl. 08.05 skrev Sam Carter <sam@brightagency.com>:\n${ASK}`,
    own: 'Det passer fint.',
  },
  {
    name: 'Gmail, Finnish',
    body: `Sopii hyvin.\n\nSam Carter <sam@brightagency.com> kirjoitti to 20.2.2025 klo 8.05:\n${ASK}`,
    own: 'Sopii hyvin.',
  },
  {
    name: 'Gmail, Turkish',
    body: `Olur, 4 Mart.\n\nSam Carter <sam@brightagency.com>, 20 Şub 2025 Per, 08:05 tarihinde şunu yazdı:\n${ASK}`,
    own: 'Olur, 4 Mart.',
  },
  {
    name: 'Korean webmail framed original',
    body: `확인 부탁드립니다.\n\n---------- 원본 메일 ----------\n보낸사람: Sam Carter <sam@brightagency.com>\n받는사람: 지민 <jimin@talent.kr>\n날짜: 25.02.20 08:05 GMT +0900\n제목: 계약서\n\n계약서를 보내드립니다.\n`,
    own: '확인 부탁드립니다.',
  },
  {
    name: 'Japanese forward with a comment',
    body: `ブランドからの連絡です。ご確認ください。\n\n-------- 転送メッセージ --------\n件名: 投稿のお願い\n日付: Thu, 20 Feb 2025 08:05:00 +0900\n差出人: Brand Team <team@brand.example>\n宛先: ゆき <yuki@talent.jp>\n\n投稿をお願いします。\n`,
    own: 'ブランドからの連絡です。ご確認ください。',
  },
  {
    name: 'Outlook, Chinese',
    body: `收到，谢谢。\n\n发件人: Sam Carter <sam@brightagency.com>\n发送时间: 2025年2月20日 8:05\n收件人: 李娜 <lina@talent.cn>\n主题: 合同\n\n请查收合同。\n`,
    own: '收到，谢谢。',
  },
  { name: 'Outlook for iOS signature', body: `On it.\n\nSent from Outlook for iOS\n`, own: 'On it.' },
  {
    name: 'Apple Mail, French, with iPad signature',
    body: `Super, à mardi !\n\nEnvoyé de mon iPad\n\n> Le 20 févr. 2025 à 08:05, Sam Carter <sam@brightagency.com> a écrit :\n>\n${ASK}`,
    own: 'Super, à mardi !',
  },
  {
    name: 'inline answers then a signature',
    body: `See below.\n\nOn Thu, Feb 20, 2025 at 8:05 AM Sam Carter <sam@brightagency.com> wrote:\n> Fee?\n\n$2,200.\n\n> Usage?\n\n3 months organic only.\n\n-- \nJane Doe\nwww.janedoe.example\n`,
    own: 'See below.\n\n$2,200.\n\n3 months organic only.',
  },
  {
    name: 'schedule written with From:/To: labels',
    body: `Shoot day plan\nDate: March 4\nFrom: 10am\nTo: 4pm\nPlace: Studio 5\n\nJane`,
    own: 'Shoot day plan\nDate: March 4\nFrom: 10am\nTo: 4pm\nPlace: Studio 5\n\nJane',
  },
  {
    name: 'German availability with Von:/Bis:',
    body: `Meine Verfügbarkeit:\nVon: 4. März\nBis: 10. März\n\nLena`,
    own: 'Meine Verfügbarkeit:\nVon: 4. März\nBis: 10. März\n\nLena',
  },
  {
    name: 'Korean bottom-posted reply',
    body: `2025년 2월 20일 (목) 오전 8:05, Sam Carter <sam@brightagency.com>님이 작성:\n> 게시일 확인 부탁드립니다.\n\n3월 4일에 게시하겠습니다.\n`,
    own: '3월 4일에 게시하겠습니다.',
  },
  {
    name: 'Outlook desktop forward without a rule',
    body: `FYI below.\n\nFrom: Brand Legal <legal@brand.example>\nSent: Thursday, February 20, 2025 8:05 AM\nTo: Mark Lee <mark@talentco.com>\nSubject: FW: Usage\n\nUsage is 6 months.\n`,
    own: 'FYI below.',
  },
  {
    name: 'iPhone signature after a sign-off, nothing quoted',
    body: `Sounds good!\n\nBest,\nJane\n\nSent from my iPhone\n`,
    own: 'Sounds good!\n\nBest,\nJane',
  },
  {
    name: 'Zimbra original message',
    body: `Done.\n\n----- Original Message -----\nFrom: "Sam Carter" <sam@brightagency.com>\nTo: "Jane Doe" <jane@talent.com>\nSent: Thursday, February 20, 2025 8:05:00 AM\nSubject: Contract\n\nPlease sign.\n`,
    own: 'Done.',
  },
];

const score = (set: Case[]) => {
  const misses = set.filter(({ body, own }) => ownText(body) !== own);
  for (const miss of misses) console.log(`  miss: ${miss.name} → ${JSON.stringify(ownText(miss.body))}`);
  return set.length - misses.length;
};

it(`own text of held-out phrasings (${cases.length + laterCases.length} cases) is right at least 90% of the time`, () => {
  const first = score(cases);
  const later = score(laterCases);
  const total = cases.length + laterCases.length;
  const share = (first + later) / total;
  console.log(`own-text holdout: ${first + later}/${total} right (${(share * 100).toFixed(1)}%); first batch ${first}/${cases.length}, later batch ${later}/${laterCases.length}`);
  expect(share).toBeGreaterThanOrEqual(0.9);
});
