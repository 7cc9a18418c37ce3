import { describe, expect, it } from 'vitest';
import { ownText } from './own-text';

// Samples written for this suite in the shapes the clients produce (attribution wording,
// header blocks, wrapping); names, addresses and content are invented.
type Case = { name: string; body: string; own: string };

const gmailReplies: Case[] = [
  {
    name: 'Gmail, English, top-posted',
    body: `Hi Sam,

Thanks for the brief! My rate for 1 Reel + 3 Stories is $2,400.

Best,
Jane

On Wed, Feb 19, 2025 at 9:20 PM Sam Carter <sam@brightagency.com> wrote:

> Hi Jane,
>
> Could you share your rates for the spring launch?
>
> Sam
`,
    own: 'Hi Sam,\n\nThanks for the brief! My rate for 1 Reel + 3 Stories is $2,400.\n\nBest,\nJane',
  },
  {
    name: 'Gmail attribution wrapped over two lines',
    body: `Sounds good, see you Monday at 10.

Kind regards,
Jane

On Wed, Feb 19, 2025 at 9:20 PM Samantha Carter-Williams <samantha.carter-williams@brightagency.com>
wrote:

> Can we do a call on Monday?
`,
    own: 'Sounds good, see you Monday at 10.\n\nKind regards,\nJane',
  },
  {
    name: 'Gmail, French',
    body: `Bonjour Sam,

Mon tarif est de 1 800 € pour une vidéo TikTok.

Cordialement,
Claire

Le mer. 19 févr. 2025 à 21:20, Sam Carter <sam@brightagency.com> a écrit :

> Bonjour Claire,
> Quel est votre tarif pour une vidéo ?
`,
    own: 'Bonjour Sam,\n\nMon tarif est de 1 800 € pour une vidéo TikTok.\n\nCordialement,\nClaire',
  },
  {
    name: 'Gmail, German',
    body: `Hallo Sam,

passt für mich, ich poste am Freitag.

Viele Grüße
Lena

Am Mi., 19. Feb. 2025 um 21:20 Uhr schrieb Sam Carter <sam@brightagency.com>:

> Hallo Lena,
> wann kannst du posten?
`,
    own: 'Hallo Sam,\n\npasst für mich, ich poste am Freitag.\n\nViele Grüße\nLena',
  },
  {
    name: 'Gmail, Spanish',
    body: `Hola Sam:

Sí, puedo grabar el vídeo la semana que viene.

Un saludo,
Lucía

El mié, 19 feb 2025 a las 21:20, Sam Carter (<sam@brightagency.com>) escribió:

> Hola Lucía,
> ¿Puedes grabar el vídeo antes del día 28?
`,
    own: 'Hola Sam:\n\nSí, puedo grabar el vídeo la semana que viene.\n\nUn saludo,\nLucía',
  },
  {
    name: 'Gmail, Italian',
    body: `Ciao Sam,

per me va bene, il compenso è 900 euro.

Giulia

Il giorno mer 19 feb 2025 alle ore 21:20 Sam Carter <sam@brightagency.com> ha scritto:

> Ciao Giulia,
> ti andrebbe di partecipare alla campagna?
`,
    own: 'Ciao Sam,\n\nper me va bene, il compenso è 900 euro.\n\nGiulia',
  },
  {
    name: 'Gmail, Dutch',
    body: `Hoi Sam,

Ik kan de Reel op 3 maart plaatsen.

Groetjes,
Daan

Op wo 19 feb 2025 om 21:20 schreef Sam Carter <sam@brightagency.com>:

> Hoi Daan,
> Wanneer kun je de Reel plaatsen?
`,
    own: 'Hoi Sam,\n\nIk kan de Reel op 3 maart plaatsen.\n\nGroetjes,\nDaan',
  },
  {
    name: 'Gmail, Portuguese',
    body: `Olá Sam,

Topo! Meu cachê é R$ 3.000 por Reel.

Abraços,
Beatriz

Em qua., 19 de fev. de 2025 às 21:20, Sam Carter <sam@brightagency.com> escreveu:

> Olá Beatriz,
> Qual é o seu cachê?
`,
    own: 'Olá Sam,\n\nTopo! Meu cachê é R$ 3.000 por Reel.\n\nAbraços,\nBeatriz',
  },
  {
    name: 'Gmail, Korean',
    body: `샘님 안녕하세요,

단가는 릴스 1개에 150만원입니다.

감사합니다.
지민 드림

2025년 2월 19일 (수) 오후 9:20, Sam Carter <sam@brightagency.com>님이 작성:

> 안녕하세요 지민님,
> 단가를 알려주실 수 있나요?
`,
    own: '샘님 안녕하세요,\n\n단가는 릴스 1개에 150만원입니다.\n\n감사합니다.\n지민 드림',
  },
  {
    name: 'Gmail, Japanese',
    body: `サムさん

お世話になっております。
投稿は3月5日で大丈夫です。

よろしくお願いいたします。
ゆき

2025年2月19日(水) 21:20 Sam Carter <sam@brightagency.com>:

> ゆきさん
> 投稿日はいつがよろしいでしょうか？
`,
    own: 'サムさん\n\nお世話になっております。\n投稿は3月5日で大丈夫です。\n\nよろしくお願いいたします。\nゆき',
  },
  {
    name: 'iPhone Mail, Japanese',
    body: `承知しました。商品は事務所宛にお送りください。

iPhoneから送信

2025/02/19 21:20、Sam Carter <sam@brightagency.com>のメッセージ:

> 商品の送り先を教えてください。
`,
    own: '承知しました。商品は事務所宛にお送りください。',
  },
];

const outlookReplies: Case[] = [
  {
    name: 'Outlook header block, English',
    body: `Hi Sam,

Attached is the signed contract.

Thanks,
Mark

From: Sam Carter <sam@brightagency.com>
Sent: Wednesday, February 19, 2025 9:20 PM
To: Mark Lee <mark@talentco.com>
Subject: Contract for the spring launch

Hi Mark,
Please sign the attached contract.
Sam
`,
    own: 'Hi Sam,\n\nAttached is the signed contract.\n\nThanks,\nMark',
  },
  {
    name: 'Outlook 365 with an underscore rule and no address on From',
    body: `Confirmed for March 3.

Get Outlook for iOS<https://aka.ms/o0ukef>
________________________________
From: Sam Carter
Sent: Wednesday, February 19, 2025 9:20:11 PM
To: Mark Lee
Subject: Shoot dates

Which date works for the shoot?
`,
    own: 'Confirmed for March 3.',
  },
  {
    name: 'Outlook "Original Message" block',
    body: `Yes, the draft is approved.

Regards,
Mark

-----Original Message-----
From: Sam Carter [mailto:sam@brightagency.com]
Sent: Wednesday, February 19, 2025 9:20 PM
To: Mark Lee <mark@talentco.com>
Subject: Draft for approval

Can you approve the draft?
`,
    own: 'Yes, the draft is approved.\n\nRegards,\nMark',
  },
  {
    name: 'Outlook, German',
    body: `Hallo Sam,

anbei der unterschriebene Vertrag.

Grüße
Jonas

Von: Sam Carter <sam@brightagency.com>
Gesendet: Mittwoch, 19. Februar 2025 21:20
An: Jonas Weber <jonas@talentagentur.de>
Betreff: Vertrag Frühjahrskampagne

Hallo Jonas,
bitte den Vertrag unterschreiben.
`,
    own: 'Hallo Sam,\n\nanbei der unterschriebene Vertrag.\n\nGrüße\nJonas',
  },
  {
    name: 'Outlook, French (spaces before colons)',
    body: `Bonjour Sam,

C'est validé pour le 12 mars.

Bien à vous,
Hugo

De : Sam Carter <sam@brightagency.com>
Envoyé : mercredi 19 février 2025 21:20
À : Hugo Martin <hugo@talents.fr>
Objet : Date de tournage

Bonjour Hugo, quelle date vous convient ?
`,
    own: "Bonjour Sam,\n\nC'est validé pour le 12 mars.\n\nBien à vous,\nHugo",
  },
  {
    name: 'Outlook, Spanish',
    body: `Perfecto, lo reviso hoy.

De: Sam Carter <sam@brightagency.com>
Enviado: miércoles, 19 de febrero de 2025 21:20
Para: Lucía Gómez <lucia@talentos.es>
Asunto: Borrador del contrato

Hola Lucía, te envío el borrador.
`,
    own: 'Perfecto, lo reviso hoy.',
  },
  {
    name: 'Outlook, Italian',
    body: `Ok, confermo la data.

Da: Sam Carter <sam@brightagency.com>
Inviato: mercoledì 19 febbraio 2025 21:20
A: Giulia Rossi <giulia@talenti.it>
Oggetto: Data di pubblicazione

Ciao Giulia, confermi il 5 marzo?
`,
    own: 'Ok, confermo la data.',
  },
];

const appleAndLayouts: Case[] = [
  {
    name: 'Apple Mail with "> " quoting and iPhone signature',
    body: `Yes! Please ship the product to my studio.

Sent from my iPhone

> On 19 Feb 2025, at 21:20, Sam Carter <sam@brightagency.com> wrote:
>
> Where should we ship the product?
`,
    own: 'Yes! Please ship the product to my studio.',
  },
  {
    name: 'bottom-posted reply',
    body: `On Wed, Feb 19, 2025 at 9:20 PM Sam Carter <sam@brightagency.com> wrote:
> Could you share your rates?
> And your availability in March?

My rate is $900 and I'm free from March 10.

Jane
`,
    own: "My rate is $900 and I'm free from March 10.\n\nJane",
  },
  {
    name: 'inline reply between quoted questions',
    body: `Hi Sam, answers inline.

On Wed, Feb 19, 2025 at 9:20 PM Sam Carter <sam@brightagency.com> wrote:
> 1. What is your rate?

$1,200 per Reel.

> 2. When can you post?

Any weekday in March.

> 3. Do you need the product first?

Yes please.

Jane
`,
    own: 'Hi Sam, answers inline.\n\n$1,200 per Reel.\n\nAny weekday in March.\n\nYes please.\n\nJane',
  },
  {
    name: 'nested quote levels',
    body: `Deal, let's go with two Reels.

On Thu, Feb 20, 2025 at 10:02 AM Sam Carter <sam@brightagency.com> wrote:
> Would two Reels work instead?
>
> On Wed, Feb 19, 2025 at 9:20 PM Jane Doe <jane@talent.com> wrote:
>> I can only do one Reel this month.
`,
    own: "Deal, let's go with two Reels.",
  },
  {
    name: '"-- " signature delimiter',
    body: `Works for me, talk soon.

-- 
Jane Doe
Talent Manager | Stellar Mgmt
+1 555 0100
`,
    own: 'Works for me, talk soon.',
  },
  {
    name: 'localized mobile signatures',
    body: `Parfait, merci !

Envoyé de mon iPhone

Le 19 févr. 2025 à 21:20, Sam Carter <sam@brightagency.com> a écrit :

> On valide le 3 mars ?
`,
    own: 'Parfait, merci !',
  },
  {
    name: 'German mobile signature',
    body: `Super, danke!

Von meinem iPhone gesendet
`,
    own: 'Super, danke!',
  },
];

const forwarded: Case[] = [
  {
    name: 'Gmail forward with a comment',
    body: `Hi Sam, see below from the brand. Can you handle it?

---------- Forwarded message ---------
From: Brand Team <team@brand.example>
Date: Wed, Feb 19, 2025 at 9:20 PM
Subject: Draft approval
To: Jane <jane@talent.com>

The draft is approved, please post on Friday.
`,
    own: 'Hi Sam, see below from the brand. Can you handle it?',
  },
  {
    name: 'Apple Mail forward',
    body: `FYI, the brand's new dates.

Begin forwarded message:

> From: Brand Team <team@brand.example>
> Subject: New dates
> Date: 19 February 2025 at 21:20:00 GMT
> To: Jane Doe <jane@talent.com>
>
> We moved the launch to April.
`,
    own: "FYI, the brand's new dates.",
  },
  {
    name: 'forward without a comment',
    body: `---------- Forwarded message ---------
From: Brand Team <team@brand.example>
Date: Wed, Feb 19, 2025 at 9:20 PM
Subject: Draft approval
To: Jane <jane@talent.com>

The draft is approved.
`,
    own: '',
  },
  {
    name: 'German Outlook forward',
    body: `Zur Info.

-------- Weitergeleitete Nachricht --------
Betreff: Briefing
Datum: Wed, 19 Feb 2025 21:20:00 +0100
Von: Brand Team <team@brand.example>
An: Lena <lena@talent.de>

Das Briefing im Anhang.
`,
    own: 'Zur Info.',
  },
];

// The sender's own text must come through untouched when it only looks like history.
const lookalikes: Case[] = [
  {
    name: 'plain message without history',
    body: 'Hi Sam,\n\nMy rates:\n- Reel: $1,500\n- Story: $400\n\nJane\n',
    own: 'Hi Sam,\n\nMy rates:\n- Reel: $1,500\n- Story: $400\n\nJane',
  },
  {
    name: '"wrote" in a sentence ending with a colon',
    body: 'Here is the caption I wrote for the 2025 launch:\n\nSpring is here and so is the new collection!\n\nJane',
    own: 'Here is the caption I wrote for the 2025 launch:\n\nSpring is here and so is the new collection!\n\nJane',
  },
  {
    name: 'a date range written with From:/To:',
    body: 'Availability\nFrom: March 3\nTo: March 10\nRate: $2,000 flat\n\nJane',
    own: 'Availability\nFrom: March 3\nTo: March 10\nRate: $2,000 flat\n\nJane',
  },
  {
    name: 'French text that starts with "Le" and ends with "écrit"',
    body: 'Bonjour Sam,\n\nLe contrat est déjà écrit\net signé de mon côté.\n\nClaire',
    own: 'Bonjour Sam,\n\nLe contrat est déjà écrit\net signé de mon côté.\n\nClaire',
  },
  {
    name: 'sent-from wording that is not a mobile signature',
    body: 'The parcel was sent from the warehouse on Monday.\n\nJane',
    own: 'The parcel was sent from the warehouse on Monday.\n\nJane',
  },
];

describe('ownText', () => {
  for (const [group, cases] of Object.entries({ gmailReplies, outlookReplies, appleAndLayouts, forwarded, lookalikes })) {
    describe(group, () => {
      it.each(cases)('$name', ({ body, own }) => {
        expect(ownText(body)).toBe(own);
      });
    });
  }

  it('reads CRLF line endings and non-breaking spaces', () => {
    const body = 'Ok for me.\r\n\r\nOn Wed, Feb 19, 2025 at 9:20\u00A0PM Sam <sam@brightagency.com> wrote:\r\n> Ok?\r\n';
    expect(ownText(body)).toBe('Ok for me.');
  });

  it('returns empty text for empty or whitespace-only bodies', () => {
    expect(ownText('')).toBe('');
    expect(ownText(' \n\n ')).toBe('');
  });

  it('stays cheap on a long thread', () => {
    const history = Array.from({ length: 400 }, (_, i) => `> line ${i} of a long quoted history`).join('\n');
    const body = `Short answer.\n\nOn Wed, Feb 19, 2025 at 9:20 PM Sam <sam@brightagency.com> wrote:\n${history}\n`;
    const started = performance.now();
    for (let i = 0; i < 50; i++) ownText(body);
    expect(ownText(body)).toBe('Short answer.');
    expect((performance.now() - started) / 50).toBeLessThan(20);
  });
});
