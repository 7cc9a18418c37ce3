import { describe, expect, it } from 'vitest';
import { attribute } from './attribution';
import { campaign, contact, directoryOf, message } from '../../../../test/fixtures/conversations/rule-builders';

// One row per word of attribution's word lists (mutation-tested: `npm run mutation`): names that are
// everyday words, words that follow a name without being a surname, handle wrappers, month and day
// abbreviations, and the generic leading words of brand names.
const targetsOf = (result: ReturnType<typeof attribute>) =>
  result.kind === 'attributed' ? result.targets.map((t) => `${t.contactEmail}@${t.campaignId}:${t.reason}:${t.campaignConfirmed}`) : result.kind;

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const MANAGER = 'jo@mgmt.example';
const SPRING = campaign('c-spring', 'Spring Launch');
const fromManager = (ownText: string) => [
  message('ana@agency.com', [MANAGER], 'Hi Jo, we have a brief for your roster.', { subject: 'Brief' }),
  message(MANAGER, ['ana@agency.com'], ownText, { subject: 'Re: Brief' }),
];
/** The manager's two talents: ours (named `first`) and Leo Marsh. */
const rosterWith = (first: string, handle = '') =>
  directoryOf(
    [
      contact('ours@gmail.com', `${first} Quinn`, 'c-spring', { handle, emailOwner: MANAGER }),
      contact('leo@gmail.com', 'Leo Marsh', 'c-spring', { handle: '@leolifts', emailOwner: MANAGER }),
    ],
    [SPRING],
  );

const WORD_LIKE = [
  'april', 'amber', 'art', 'autumn', 'bear', 'bill', 'brook', 'cash', 'chance', 'chase', 'cliff', 'crystal', 'dawn', 'dean', 'drew',
  'faith', 'frank', 'grace', 'guy', 'holly', 'honey', 'hope', 'hunter', 'iris', 'ivy', 'jade', 'jay', 'joy', 'june', 'lily', 'mark',
  'max', 'may', 'miles', 'pat', 'pearl', 'penny', 'rich', 'river', 'robin', 'rose', 'ruby', 'rusty', 'sandy', 'sky', 'skye', 'storm',
  'summer', 'sunny', 'violet', 'will', 'winter',
];

describe('attribute: a first name that is an everyday word names the talent only with a capital', () => {
  it.each(WORD_LIKE)('"%s" in lower case names nobody', (word) => {
    const result = attribute({ messages: fromManager(`Thanks, the ${word} part of the brief is clear.`), directory: rosterWith(capital(word)) });
    expect(result.kind).toBe('needs_assignment');
  });

  it.each(WORD_LIKE)('"%s" with a capital names her', (word) => {
    const result = attribute({ messages: fromManager(`${capital(word)} would love to do this.`), directory: rosterWith(capital(word)) });
    expect(targetsOf(result)).toEqual(['ours@gmail.com@c-spring:manager_named:true']);
  });

  it('an ordinary first name needs no capital', () => {
    expect(targetsOf(attribute({ messages: fromManager('so nadia would love to do this.'), directory: rosterWith('Nadia') }))).toEqual([
      'ours@gmail.com@c-spring:manager_named:true',
    ]);
  });
});

describe('attribute: a capitalised word after the first name is not always another surname', () => {
  it.each(['and', 'or', 'is', 'has', 'was', 'will', 'would', 'could', 'can', 'says', 'said', 'thanks', 'please', 'hi', 'hey', 'here', 'too', 'also', 'the'])(
    '"Nadia %s …" still names Nadia Quinn',
    (word) => {
      const result = attribute({ messages: fromManager(`Nadia ${capital(word)} keen on the brief.`), directory: rosterWith('Nadia') });
      expect(targetsOf(result)).toEqual(['ours@gmail.com@c-spring:manager_named:true']);
    },
  );

  it('"Nadia Brooks …" is another Nadia', () => {
    expect(attribute({ messages: fromManager('Nadia Brooks is keen on the brief.'), directory: rosterWith('Nadia') }).kind).toBe('needs_assignment');
  });
});

describe('attribute: a nickname the handle wraps', () => {
  it.each(['itsme', 'its', 'iam', 'im', 'itz', 'the', 'real', 'therealy', 'thereal', 'hey', 'hello', 'just', 'simply', 'yours'])(
    '@%szee names Zara as "Zee"',
    (prefix) => {
      const result = attribute({ messages: fromManager('Zee is keen on the brief.'), directory: rosterWith('Zara', `@${prefix}zee`) });
      expect(targetsOf(result)).toEqual(['ours@gmail.com@c-spring:manager_named:true']);
    },
  );

  it('a handle that only starts with a wrapper word keeps it ("@itsy" is no "its" + name)', () => {
    expect(attribute({ messages: fromManager('Sy is keen on the brief.'), directory: rosterWith('Sara', '@itsy') }).kind).toBe('needs_assignment');
  });
});

describe('attribute: a month or a day is no nickname', () => {
  it.each([
    ['jan', 'Jill'], ['feb', 'Fern'], ['mar', 'Mona'], ['apr', 'Alma'], ['jun', 'Jess'], ['jul', 'Jodie'], ['aug', 'Alba'],
    ['sep', 'Sian'], ['sept', 'Sian'], ['oct', 'Orla'], ['nov', 'Nell'], ['dec', 'Dora'], ['mon', 'Mina'], ['tue', 'Tess'],
    ['wed', 'Wren'], ['thu', 'Thea'], ['fri', 'Fern'], ['sat', 'Sage'], ['sun', 'Suki'],
  ])('"%s" does not name a talent whose handle starts with it', (word, first) => {
    const result = attribute({ messages: fromManager(`We can shoot on ${capital(word)} 3 if that works.`), directory: rosterWith(first, `@${word}studio`) });
    expect(result.kind).toBe('needs_assignment');
  });

  it('the same handle names her by a nickname that is no month', () => {
    const result = attribute({ messages: fromManager('Janny is keen on the brief.'), directory: rosterWith('Jill', '@jannystudio') });
    expect(targetsOf(result)).toEqual(['ours@gmail.com@c-spring:manager_named:true']);
  });
});

describe('attribute: a generic first word of a brand does not pick its campaign', () => {
  const NINA = 'nina@nina.studio';
  const twoCampaigns = (clientName: string) => {
    const named = campaign('c-named', 'Autumn Drop', { clientName });
    const other = campaign('c-other', 'Winter Drop', { clientName: 'Orbit Audio' });
    return directoryOf([contact(NINA, 'Nina Kowalski', 'c-named', { handle: '@ninak' }), contact(NINA, 'Nina Kowalski', 'c-other', { handle: '@ninak' })], [named, other]);
  };
  const fromNina = (ownText: string) => [message(NINA, ['ana@agency.com'], ownText, { subject: 'Hello' })];

  it.each([
    'back', 'best', 'black', 'summer', 'winter', 'spring', 'autumn', 'fall', 'holiday', 'holidays', 'christmas', 'festive', 'easter', 'launch',
    'campaign', 'project', 'season', 'home', 'house', 'maison', 'studio', 'beauty', 'glow', 'brand', 'paid', 'collab', 'creator', 'creators',
    'your', 'little', 'first',
  ])('"%s" of "%s Cosmetics" leaves the campaign open', (word) => {
    const result = attribute({ messages: fromNina(`Loved the ${capital(word)} idea, count me in.`), directory: twoCampaigns(`${capital(word)} Cosmetics`) });
    expect(targetsOf(result)).toEqual([`${NINA}@c-named:talent_address:false`, `${NINA}@c-other:talent_address:false`]);
  });

  it('a distinctive first word picks the campaign', () => {
    const result = attribute({ messages: fromNina('Loved the Nordhavn idea, count me in.'), directory: twoCampaigns('Nordhavn Cosmetics') });
    expect(targetsOf(result)).toEqual([`${NINA}@c-named:talent_address:true`]);
  });
});
