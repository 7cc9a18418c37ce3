import { describe, expect, it } from 'vitest';
import { attribute } from './attribution';
import { AGENCY, FIZZ, GLOW, LEO, MAYA, SAM, SOFIA, campaign, contact, directoryOf, message } from '../../../../test/fixtures/conversations/rule-builders';

const targetsOf = (result: ReturnType<typeof attribute>) =>
  result.kind === 'attributed' ? result.targets.map((t) => `${t.contactEmail}@${t.campaignId}:${t.reason}:${t.campaignConfirmed}`) : result.kind;

describe('attribute: the talent takes part', () => {
  it("belongs to a talent whose own address is in From, To or Cc", () => {
    const asRecipient = [message('ana@agency.com', ['maya@gmail.com'], 'Hi Maya, would you like to work with us?')];
    const inCc = [message('ana@agency.com', ['someone@else.com'], 'Looping in', { cc: ['Maya@Gmail.com'] })];
    const asSender = [message('maya@gmail.com', ['ana@agency.com'], 'Hello!')];
    for (const messages of [asRecipient, inCc, asSender]) {
      expect(targetsOf(attribute({ messages, directory: AGENCY }))).toEqual(['maya@gmail.com@c-glow:talent_address:true']);
    }
  });

  it('recognises the same Gmail mailbox written with dots or a +tag', () => {
    const messages = [message('ana@agency.com', ['M.aya+collabs@googlemail.com'], 'Hi')];
    expect(targetsOf(attribute({ messages, directory: AGENCY }))).toEqual(['maya@gmail.com@c-glow:talent_address:true']);
  });

  it('ignores an untracked talent', () => {
    const messages = [message('ana@agency.com', ['tom@gmail.com'], 'Hi Tom')];
    expect(attribute({ messages, directory: AGENCY })).toEqual({ kind: 'none' });
  });

  it('never treats a staff address as a talent, even when listed as one', () => {
    const messages = [message('ana@agency.com', ['ben@agency.com'], 'Ben, can you take this?')];
    expect(attribute({ messages, directory: AGENCY })).toEqual({ kind: 'none' });
  });

  it('is none when no tracked talent or manager takes part', () => {
    const messages = [message('ana@agency.com', ['printer@shop.com'], 'Order of business cards for Maya Chen')];
    expect(attribute({ messages, directory: AGENCY })).toEqual({ kind: 'none' });
  });
});

describe('attribute: a manager writes', () => {
  const fromJane = (ownText: string, subject = 'New opportunity') => [
    message('ana@agency.com', ['jane@talentco.com'], 'Hi Jane, we have a brief for you.', { subject }),
    message('jane@talentco.com', ['ana@agency.com'], ownText, { subject: `Re: ${subject}` }),
  ];

  it('does not guess when a manager of three talents writes about an untracked creator', () => {
    const result = attribute({ messages: fromJane('Would Tom Hardy be a fit? He is new on my roster.'), directory: AGENCY });
    expect(result).toEqual({
      kind: 'needs_assignment',
      managers: ['jane@talentco.com'],
      candidates: [
        { contactEmail: LEO.email, campaignId: 'c-glow' },
        { contactEmail: MAYA.email, campaignId: 'c-glow' },
        { contactEmail: SOFIA.email, campaignId: 'c-glow' },
      ],
    });
  });

  it('goes to the one talent the manager names (full name)', () => {
    expect(targetsOf(attribute({ messages: fromJane('Leo Martins would love this.'), directory: AGENCY }))).toEqual(['leo@gmail.com@c-glow:manager_named:true']);
  });

  it('finds the name in the subject too', () => {
    expect(targetsOf(attribute({ messages: fromJane('Sounds good.', 'Leo x GlowSkin'), directory: AGENCY }))).toEqual([
      'leo@gmail.com@c-glow:manager_named:true',
    ]);
  });

  it('finds the talent by handle, with or without @', () => {
    expect(targetsOf(attribute({ messages: fromJane('How about @leolifts for this?'), directory: AGENCY }))).toEqual(['leo@gmail.com@c-glow:manager_named:true']);
    expect(targetsOf(attribute({ messages: fromJane('leolifts is free in May.'), directory: AGENCY }))).toEqual(['leo@gmail.com@c-glow:manager_named:true']);
    // a handle stored as a profile link
    expect(targetsOf(attribute({ messages: fromJane('Sending @sofiaeats rates.'), directory: AGENCY }))).toEqual(['sofia@gmail.com@c-glow:manager_named:true']);
  });

  it('does not read a handle inside an address or a domain', () => {
    const result = attribute({ messages: fromJane('Write to hello@leolifts.com or see leolifts.com'), directory: AGENCY });
    expect(result.kind).toBe('needs_assignment');
  });

  it('finds a first name when it is unique among the manager’s talents', () => {
    expect(targetsOf(attribute({ messages: fromJane('Leo is in!'), directory: AGENCY }))).toEqual(['leo@gmail.com@c-glow:manager_named:true']);
  });

  it('needs the full name when two of the manager’s talents share a first name', () => {
    const mayaRossi = contact('mrossi@gmail.com', 'Maya Rossi', 'c-glow', { emailOwner: 'jane@talentco.com' });
    const directory = directoryOf([MAYA, LEO, mayaRossi], [GLOW]);
    expect(attribute({ messages: fromJane('Maya is interested.'), directory }).kind).toBe('needs_assignment');
    expect(targetsOf(attribute({ messages: fromJane('Maya Rossi is interested.'), directory }))).toEqual(['mrossi@gmail.com@c-glow:manager_named:true']);
  });

  it('reads a handle that is only a shared first name as the handle only with its @', () => {
    const mayaChen = { ...MAYA, handle: '@maya' };
    const mayaRossi = contact('mrossi@gmail.com', 'Maya Rossi', 'c-glow', { emailOwner: 'jane@talentco.com', handle: '@mayarossi' });
    const directory = directoryOf([mayaChen, LEO, mayaRossi], [GLOW]);
    expect(attribute({ messages: fromJane('Maya is interested.'), directory }).kind).toBe('needs_assignment');
    expect(targetsOf(attribute({ messages: fromJane('@maya is interested.'), directory }))).toEqual(['maya@gmail.com@c-glow:manager_named:true']);
    expect(targetsOf(attribute({ messages: fromJane('mayarossi is interested.'), directory }))).toEqual(['mrossi@gmail.com@c-glow:manager_named:true']);
  });

  it('names every talent the manager names', () => {
    expect(targetsOf(attribute({ messages: fromJane('Both Maya and Leo can do it.'), directory: AGENCY }))).toEqual([
      'leo@gmail.com@c-glow:manager_named:true',
      'maya@gmail.com@c-glow:manager_named:true',
    ]);
  });

  it('matches names without accents or case', () => {
    expect(targetsOf(attribute({ messages: fromJane('SOFIA ALVAREZ is keen'), directory: AGENCY }))).toEqual(['sofia@gmail.com@c-glow:manager_named:true']);
    expect(targetsOf(attribute({ messages: fromJane('sofia is keen'), directory: AGENCY }))).toEqual(['sofia@gmail.com@c-glow:manager_named:true']);
  });

  it('does not find a first name inside another word', () => {
    const ana = contact('ana.lima@gmail.com', 'Ana Lima', 'c-glow', { emailOwner: 'jane@talentco.com' });
    const directory = directoryOf([ana, LEO], [GLOW], ['staff@agency.com']);
    expect(attribute({ messages: fromJane('Our banana analytics are in, Anastasia says hi.'), directory }).kind).toBe('needs_assignment');
    expect(targetsOf(attribute({ messages: fromJane("Ana's rate is attached."), directory }))).toEqual(['ana.lima@gmail.com@c-glow:manager_named:true']);
  });

  it('reads a first name that is an everyday word only when capitalised', () => {
    const mark = contact('mark@gmail.com', 'Mark Stone', 'c-glow', { emailOwner: 'jane@talentco.com' });
    const directory = directoryOf([mark, LEO], [GLOW]);
    expect(attribute({ messages: fromJane('Please mark as confirmed.'), directory }).kind).toBe('needs_assignment');
    expect(targetsOf(attribute({ messages: fromJane('Mark can film on Tuesday.'), directory }))).toEqual(['mark@gmail.com@c-glow:manager_named:true']);
  });

  it('matches non-Latin names', () => {
    const minji = contact('minji@naver.com', '김민지', 'c-glow', { emailOwner: 'k@starhouse.kr' });
    const anna = contact('anna@mail.ru', 'Анна Иванова', 'c-glow', { emailOwner: 'k@starhouse.kr' });
    const directory = directoryOf([minji, anna], [GLOW]);
    const fromK = (text: string) => [message('k@starhouse.kr', ['ana@agency.com'], text)];
    expect(targetsOf(attribute({ messages: fromK('김민지님 일정 확인했습니다.'), directory }))).toEqual(['minji@naver.com@c-glow:manager_named:true']);
    expect(targetsOf(attribute({ messages: fromK('Привет! Анна согласна.'), directory }))).toEqual(['anna@mail.ru@c-glow:manager_named:true']);
    expect(attribute({ messages: fromK('Аннабель прислала бриф'), directory }).kind).toBe('needs_assignment');
  });

  it('handles hyphens and dots in names, handles and campaign names', () => {
    const maryJane = contact('mj@gmail.com', 'Mary-Jane Watson', 'c-bts', { emailOwner: 'jane@talentco.com', handle: '@mj.watson' });
    const maryJaneToo = contact('mj@gmail.com', 'Mary-Jane Watson', 'c-glow', { emailOwner: 'jane@talentco.com', handle: '@mj.watson' });
    const bts = campaign('c-bts', 'Back-to-School', { clientName: 'Pens & Co.' });
    const directory = directoryOf([maryJane, maryJaneToo, LEO], [bts, GLOW]);
    expect(targetsOf(attribute({ messages: fromJane('Mary–Jane is in for back-to-school'), directory }))).toEqual(['mj@gmail.com@c-bts:manager_named:true']);
    expect(targetsOf(attribute({ messages: fromJane('@mj.watson is in. Pens & Co. sent the brief'), directory }))).toEqual(['mj@gmail.com@c-bts:manager_named:true']);
    expect(attribute({ messages: fromJane('see @mj.watsonfans'), directory }).kind).toBe('needs_assignment');
  });

  it('asks a person when the manager of one tracked talent does not name them', () => {
    const messages = [message('solo@mgmtco.com', ['ana@agency.com'], 'Happy to discuss rates.')];
    expect(attribute({ messages, directory: AGENCY })).toEqual({
      kind: 'needs_assignment',
      managers: ['solo@mgmtco.com'],
      candidates: [{ contactEmail: SAM.email, campaignId: 'c-glow' }],
    });
  });

  it('goes to the one tracked talent of a manager when the mail names them', () => {
    const messages = [message('solo@mgmtco.com', ['ana@agency.com'], 'Sam is happy to discuss rates.')];
    expect(targetsOf(attribute({ messages, directory: AGENCY }))).toEqual(['sam@outlook.com@c-glow:manager_named:true']);
  });

  it("never gives the one tracked talent a manager's mail about another creator", () => {
    const poppy = [
      message('ana@agency.com', ['solo@mgmtco.com'], 'Hi, we would love to work with Poppy (@poppyglow) on the holiday sets.', { subject: 'Holiday sets x Poppy' }),
      message('solo@mgmtco.com', ['ana@agency.com'], 'Poppy could do £22,300 for the package.', { subject: 'Re: Holiday sets x Poppy' }),
    ];
    expect(attribute({ messages: poppy, directory: AGENCY }).kind).toBe('needs_assignment');
    const fromHerOwnAddress = [message('poppy.glow@gmail.com', ['ana@agency.com'], 'Hi! Sending my media kit.', { cc: ['solo@mgmtco.com'] })];
    expect(attribute({ messages: fromHerOwnAddress, directory: AGENCY })).toEqual({ kind: 'none' });
  });

  it("counts the manager's colleagues and the client as no other creator", () => {
    const colleague = [message('solo@mgmtco.com', ['ana@agency.com'], 'Looping in my assistant for the rates.', { cc: ['assistant@mgmtco.com', 'pr@glowskin.com'] })];
    expect(attribute({ messages: colleague, directory: AGENCY }).kind).toBe('needs_assignment');
    const mailer = [message('solo@mgmtco.com', ['ana@agency.com'], 'See below.', { cc: ['noreply@docusign.net'] })];
    expect(attribute({ messages: mailer, directory: AGENCY }).kind).toBe('needs_assignment');
  });

  it('remembers a dismissal: manager mail alone attributes nothing, the talent taking part still does', () => {
    const messages = [message('solo@mgmtco.com', ['ana@agency.com'], 'Happy to discuss rates.')];
    expect(attribute({ messages, directory: AGENCY, dismissed: true })).toEqual({ kind: 'none' });
    const withTalent = [...messages, message('sam@outlook.com', ['ana@agency.com'], 'Hi! It is Sam.')];
    expect(targetsOf(attribute({ messages: withTalent, directory: AGENCY, dismissed: true }))).toEqual(['sam@outlook.com@c-glow:talent_address:true']);
  });

  it('does not count a manager who is staff', () => {
    const talent = contact('zoe@gmail.com', 'Zoe Lane', 'c-glow', { emailOwner: 'ana@agency.com' });
    const messages = [message('ana@agency.com', ['brand@x.com'], 'Zoe Lane update')];
    expect(attribute({ messages, directory: directoryOf([talent], [GLOW]) })).toEqual({ kind: 'none' });
  });

  it('does not use a colleague of the manager as the manager', () => {
    const messages = [message('assistant@talentco.com', ['ana@agency.com'], 'Leo is available.')];
    expect(attribute({ messages, directory: AGENCY })).toEqual({ kind: 'none' });
  });

  it('prefers the talent in the thread over a manager who names no one', () => {
    const messages = [message('jane@talentco.com', ['ana@agency.com'], 'See below.', { cc: ['maya@gmail.com'] })];
    expect(targetsOf(attribute({ messages, directory: AGENCY }))).toEqual(['maya@gmail.com@c-glow:talent_address:true']);
  });
});

describe('attribute: campaigns', () => {
  const toNina = (ownText: string, extra: Parameters<typeof message>[3] = {}) => [message('ana@agency.com', ['nina@nina.studio'], ownText, extra)];

  it('keeps every campaign, unconfirmed, when the mail names none', () => {
    expect(targetsOf(attribute({ messages: toNina('Hi Nina, are you free next month?'), directory: AGENCY }))).toEqual([
      'nina@nina.studio@c-fizz:talent_address:false',
      'nina@nina.studio@c-glow:talent_address:false',
    ]);
  });

  it('picks the campaign whose client the mail names', () => {
    expect(targetsOf(attribute({ messages: toNina('Hi Nina, FizzCo loved your last reel.'), directory: AGENCY }))).toEqual([
      'nina@nina.studio@c-fizz:talent_address:true',
    ]);
  });

  it('picks the campaign or project named in the subject, case-insensitively', () => {
    expect(targetsOf(attribute({ messages: toNina('Brief attached', { subject: 'summer fizz brief' }), directory: AGENCY }))).toEqual([
      'nina@nina.studio@c-fizz:talent_address:true',
    ]);
    expect(targetsOf(attribute({ messages: toNina('The Radiance Serum drop is next month'), directory: AGENCY }))).toEqual([
      'nina@nina.studio@c-glow:talent_address:true',
    ]);
  });

  it("picks the campaign whose client's domain is in the headers", () => {
    expect(targetsOf(attribute({ messages: toNina('Hi Nina, adding the brand team.', { cc: ['pr@eu.glowskin.com'] }), directory: AGENCY }))).toEqual([
      'nina@nina.studio@c-glow:talent_address:true',
    ]);
    expect(targetsOf(attribute({ messages: toNina('Adding our contact', { cc: ['brandlead@gmail.com'] }), directory: AGENCY }))).toEqual([
      'nina@nina.studio@c-glow:talent_address:true',
    ]);
  });

  it('does not take the client name as part of a longer word', () => {
    expect(attribute({ messages: toNina('Hi Nina, glowskinned selfies are trending'), directory: AGENCY })).toMatchObject({
      kind: 'attributed',
      targets: [{ campaignConfirmed: false }, { campaignConfirmed: false }],
    });
  });

  it('does not confirm when the client it names runs several of the talent’s campaigns', () => {
    const winter = campaign('c-glow-w', 'Winter Glow', { clientName: 'GlowSkin' });
    const nina = (campaignId: string) => contact('nina@nina.studio', 'Nina Kowalski', campaignId);
    const directory = directoryOf([nina('c-glow'), nina('c-glow-w'), nina('c-fizz')], [GLOW, winter, FIZZ]);
    expect(targetsOf(attribute({ messages: toNina('GlowSkin would like two more posts'), directory }))).toEqual([
      'nina@nina.studio@c-glow:talent_address:false',
      'nina@nina.studio@c-glow-w:talent_address:false',
    ]);
    expect(targetsOf(attribute({ messages: toNina('For Winter Glow: GlowSkin would like two more posts'), directory }))).toEqual([
      'nina@nina.studio@c-glow-w:talent_address:true',
    ]);
  });
});

describe('attribute: a person’s assignment', () => {
  it('wins over the rules and sticks for later messages', () => {
    const messages = [
      message('jane@talentco.com', ['ana@agency.com'], 'About my new creator'),
      message('jane@talentco.com', ['ana@agency.com'], 'Leo Martins is also available'),
    ];
    expect(targetsOf(attribute({ messages, directory: AGENCY, assignment: [{ contactEmail: 'Maya@gmail.com', campaignId: 'c-glow' }] }))).toEqual([
      'maya@gmail.com@c-glow:assigned:true',
    ]);
  });

  it('does not apply when empty', () => {
    const messages = [message('solo@mgmtco.com', ['ana@agency.com'], 'Hello')];
    expect(attribute({ messages, directory: AGENCY, assignment: [] }).kind).toBe('needs_assignment');
  });
});

describe('attribute: a Manager cell as agencies write it', () => {
  const named = (email: string, name: string) => ({ email, name });
  const fromSophie = (ownText: string, subject = 'Peak Talent roster') => [
    { ...message('sophie@peak-talent.example', ['ana@agency.com'], ownText, { subject }), from: named('sophie@peak-talent.example', 'Sophie Grant') },
  ];
  const cell = (emailOwner: string) => directoryOf([contact('ivy.moss@gmail.com', 'Ivy Moss', 'c-glow', { emailOwner, handle: '@ivymoss' }), SAM], [GLOW]);

  it('matches a manager written as "Name (Company)" by the display name in From/To/Cc', () => {
    expect(targetsOf(attribute({ messages: fromSophie('Ivy Moss would love the Radiance Serum brief.'), directory: cell('Sophie Grant (Peak Talent)') }))).toEqual([
      'ivy.moss@gmail.com@c-glow:manager_named:true',
    ]);
    expect(targetsOf(attribute({ messages: fromSophie('@ivymoss is free.'), directory: cell('Sophie Grant') }))).toEqual(['ivy.moss@gmail.com@c-glow:manager_named:true']);
    expect(attribute({ messages: fromSophie('Another creator of mine is free.'), directory: cell('sophie grant') })).toEqual({
      kind: 'needs_assignment',
      managers: ['sophie@peak-talent.example'],
      candidates: [{ contactEmail: 'ivy.moss@gmail.com', campaignId: 'c-glow' }],
    });
  });

  it('uses the address of "Name <address>" and ignores a different person of the same first name', () => {
    expect(targetsOf(attribute({ messages: fromSophie('Ivy is in.'), directory: cell('Sophie Grant <sophie@peak-talent.example>') }))).toEqual([
      'ivy.moss@gmail.com@c-glow:manager_named:true',
    ]);
    expect(attribute({ messages: fromSophie('Ivy is in.'), directory: cell('Sophie') }).kind).toBe('none');
    expect(attribute({ messages: fromSophie('Ivy is in.'), directory: cell('Sophie Lane (Peak Talent)') }).kind).toBe('none');
    expect(attribute({ messages: fromSophie('Ivy is in.'), directory: cell('TBC') }).kind).toBe('none');
  });
});

describe('attribute: names as people write them', () => {
  const fromJane = (ownText: string, subject = 'New opportunity') => [message('jane@talentco.com', ['ana@agency.com'], ownText, { subject })];
  const zainab = contact('zainab@gmail.com', 'Zainab Yusuf', 'c-glow', { emailOwner: 'jane@talentco.com', handle: '@itszee' });
  const bia = contact('bia@gmail.com', 'Beatriz Nogueira', 'c-glow', { emailOwner: 'jane@talentco.com', handle: '@bianaopraia' });

  it('reads a nickname the handle carries, capitalised, with the first name’s initial', () => {
    const directory = directoryOf([zainab, bia, LEO], [GLOW]);
    expect(targetsOf(attribute({ messages: fromJane('Zee would smash this.'), directory }))).toEqual(['zainab@gmail.com@c-glow:manager_named:true']);
    expect(targetsOf(attribute({ messages: fromJane('A Bia topa!'), directory }))).toEqual(['bia@gmail.com@c-glow:manager_named:true']);
    // lower case, another initial, or a month: nobody
    expect(attribute({ messages: fromJane('zee would smash this.'), directory }).kind).toBe('needs_assignment');
    expect(attribute({ messages: fromJane('Its a great fit.'), directory }).kind).toBe('needs_assignment');
    const cook = contact('maya2@gmail.com', 'Maya Stone', 'c-glow', { emailOwner: 'jane@talentco.com', handle: '@cookwithmaya' });
    expect(attribute({ messages: fromJane('Cook it well.'), directory: directoryOf([cook, LEO], [GLOW]) }).kind).toBe('needs_assignment');
  });

  it('does not read a nickname that is a first name the manager’s talents share', () => {
    const sofiaA = contact('sa@gmail.com', 'Sofia Alba', 'c-glow', { emailOwner: 'jane@talentco.com', handle: '@sofiacooks' });
    const sofiaB = contact('sb@gmail.com', 'Sofia Bruni', 'c-glow', { emailOwner: 'jane@talentco.com', handle: '@sofiabakes' });
    expect(attribute({ messages: fromJane('Sofia would love it.'), directory: directoryOf([sofiaA, sofiaB], [GLOW]) }).kind).toBe('needs_assignment');
  });

  it('leaves out a talent named only to say they are not available', () => {
    expect(targetsOf(attribute({ messages: fromJane("Leo is booked solid until March, I'm afraid, but Maya has room in November."), directory: AGENCY }))).toEqual([
      'maya@gmail.com@c-glow:manager_named:true',
    ]);
    // named only as unavailable, and nobody else: still theirs (it is news about their deal)
    expect(targetsOf(attribute({ messages: fromJane('Leo is away until March.'), directory: AGENCY }))).toEqual(['leo@gmail.com@c-glow:manager_named:true']);
    expect(targetsOf(attribute({ messages: fromJane('Leo and Maya are both in.'), directory: AGENCY }))).toEqual([
      'leo@gmail.com@c-glow:manager_named:true',
      'maya@gmail.com@c-glow:manager_named:true',
    ]);
  });
});

describe('attribute: a brand or product by its first word', () => {
  const nordhavn = campaign('c-nord', 'Nordhavn Fjord Parka Winter', { projectName: 'Fjord parka', clientName: 'Nordhavn Outerwear' });
  const orsay = campaign('c-orsay', 'Maison Orsay Le Petit Sac', { projectName: 'Orbit ANC earbuds', clientName: 'Maison Orsay' });
  const freja = (campaignId: string) => contact('freja@gmail.com', 'Freja Holm', campaignId);
  const directory = directoryOf([freja('c-nord'), freja('c-orsay')], [nordhavn, orsay]);
  const toFreja = (ownText: string, subject = 'Hello') => [message('ana@agency.com', ['freja@gmail.com'], ownText, { subject })];

  it('picks the campaign whose brand or product word is written with a capital', () => {
    expect(targetsOf(attribute({ messages: toFreja('Hi Freja', 'Nordhavn x Freja'), directory }))).toEqual(['freja@gmail.com@c-nord:talent_address:true']);
    expect(targetsOf(attribute({ messages: toFreja('Would you try the Orbit buds?'), directory }))).toEqual(['freja@gmail.com@c-orsay:talent_address:true']);
  });

  it('ignores generic leading words and lower-case words', () => {
    expect(attribute({ messages: toFreja('Our maison is your maison; what an orbit.'), directory })).toMatchObject({ targets: [{ campaignConfirmed: false }, { campaignConfirmed: false }] });
    expect(attribute({ messages: toFreja('Maison life!'), directory })).toMatchObject({ targets: [{ campaignConfirmed: false }, { campaignConfirmed: false }] });
  });
});

describe('attribute: the evidence staff read', () => {
  it('says which evidence made each target', () => {
    const evidenceOf = (result: ReturnType<typeof attribute>) => (result.kind === 'attributed' ? result.targets.map((t) => t.evidence) : []);
    expect(evidenceOf(attribute({ messages: [message('ana@agency.com', ['maya@gmail.com'], 'Hi')], directory: AGENCY }))).toEqual(['maya@gmail.com takes part']);
    const jane = (ownText: string, subject = 'Hello') => [message('jane@talentco.com', ['ana@agency.com'], ownText, { subject })];
    expect(evidenceOf(attribute({ messages: jane('Leo Martins is in.'), directory: AGENCY }))).toEqual(['jane@talentco.com wrote; named "Leo Martins" in the mail']);
    expect(evidenceOf(attribute({ messages: jane('Rates below.', 'Leo x GlowSkin'), directory: AGENCY }))).toEqual(['jane@talentco.com wrote; named "Leo" in the subject']);
    expect(evidenceOf(attribute({ messages: jane('@leolifts is in.'), directory: AGENCY }))).toEqual(['jane@talentco.com wrote; handle @leolifts in the mail']);
    expect(evidenceOf(attribute({ messages: jane('Hi'), directory: AGENCY, assignment: [{ contactEmail: LEO.email, campaignId: 'c-glow' }] }))).toEqual(['assigned by a person']);
  });
});

describe('attribute: a first name that belongs to someone else', () => {
  const callum = contact('hello@callumgrant.co.uk', 'Callum Grant', 'c-glow', { emailOwner: 'harriet@crescent.co.uk' });
  const hailey = contact('haileypatel@icloud.com', 'Hailey Patel', 'c-glow', { emailOwner: 'taylor@lumen.com' });
  const directory = directoryOf([callum, hailey], [GLOW]);
  const thread = (from: string, to: string, ...texts: string[]) => texts.map((text) => message(from, [to], text));

  it('is no evidence when the mail gives the first name another handle or surname', () => {
    expect(attribute({ messages: thread('ana@agency.com', 'harriet@crescent.co.uk', 'We would love to work with Callum (@itscallumk).', 'Callum has used Fizzwell before.'), directory }).kind).toBe('needs_assignment');
    expect(attribute({ messages: thread('harriet@crescent.co.uk', 'ana@agency.com', 'Callum Ahmed is free in May. Callum loves it.'), directory }).kind).toBe('needs_assignment');
    // his own handle, his surname, or a handle with his surname: his
    expect(targetsOf(attribute({ messages: thread('harriet@crescent.co.uk', 'ana@agency.com', 'Callum (@callumgrantcooks) is free. Callum Grant says hi.'), directory }))).toEqual([
      'hello@callumgrant.co.uk@c-glow:manager_named:true',
    ]);
    expect(targetsOf(attribute({ messages: thread('harriet@crescent.co.uk', 'ana@agency.com', 'Callum is free. Callum Thanks you!'), directory }))).toEqual([
      'hello@callumgrant.co.uk@c-glow:manager_named:true',
    ]);
  });

  it('is no evidence when another person of that first name takes part', () => {
    const fromOtherHailey = { ...message('hailey.moore@gmail.com', ['ana@agency.com'], 'My manager Taylor handles this.', { cc: ['taylor@lumen.com'] }), from: { email: 'hailey.moore@gmail.com', name: 'Hailey Moore' } };
    const fromTaylor = message('taylor@lumen.com', ['ana@agency.com'], "Hailey's rate is $1,950.");
    expect(attribute({ messages: [fromOtherHailey, fromTaylor], directory }).kind).toBe('none');
    expect(targetsOf(attribute({ messages: [fromTaylor], directory }))).toEqual(['haileypatel@icloud.com@c-glow:manager_named:true']);
  });
});

describe('attribute: handle length at its boundary', () => {
  const fromJane = (ownText: string) => [message('jane@talentco.com', ['ana@agency.com'], ownText)];
  it('never reads a two-character handle; reads a three-character one', () => {
    const two = contact('jo@gmail.com', 'Joanna Pike', 'c-glow', { emailOwner: 'jane@talentco.com', handle: '@jp' });
    const three = contact('al@gmail.com', 'Alasdair Rowe', 'c-glow', { emailOwner: 'jane@talentco.com', handle: '@alr' });
    const directory = directoryOf([two, three], [GLOW]);
    expect(attribute({ messages: fromJane('Send it to @jp please.'), directory }).kind).toBe('needs_assignment');
    expect(targetsOf(attribute({ messages: fromJane('Send it to @alr please.'), directory }))).toEqual(['al@gmail.com@c-glow:manager_named:true']);
  });
});
