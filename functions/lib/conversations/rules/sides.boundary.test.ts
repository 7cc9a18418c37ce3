import { describe, expect, it } from 'vitest';
import { messageSide, reachesOtherSide, sideOfAddress, type SideContext } from './sides';
import { AGENCY, campaign, contact, directoryOf, message } from '../../../../test/fixtures/conversations/rule-builders';

// Boundaries of "who is on which side": how each list is read (case, brackets, free mail), which
// campaign's client counts, and the recipients that make a staff message reach outside the agency.

const ctx: SideContext = { directory: AGENCY, campaignIds: ['c-glow'] };

describe('sideOfAddress: how the directory is read', () => {
  it('reads staff addresses in their canonical form', () => {
    const directory = { ...AGENCY, staff: new Set(['a.n.a+work@gmail.com', '']), staffDomains: new Set<string>() };
    expect(sideOfAddress('ana@googlemail.com', { directory })).toBe('agency');
  });

  it('reads a client domain written with @, spaces or capitals, and ignores a free-mail one', () => {
    const brand = campaign('c-brand', 'Brand', { clientDomain: ' @BrandCo.COM ' });
    const freeMailBrand = campaign('c-free', 'Free', { clientDomain: 'gmail.com' });
    const directory = directoryOf([], [brand, freeMailBrand]);
    expect(sideOfAddress('pr@eu.brandco.com', { directory })).toBe('client');
    expect(sideOfAddress('anyone@gmail.com', { directory })).toBe('unknown');
  });

  it('reads client addresses in their canonical form', () => {
    const brand = campaign('c-brand', 'Brand', { clientAddresses: ['Brand.Lead+x@GoogleMail.com', 'not an address'] });
    expect(sideOfAddress('brandlead@gmail.com', { directory: directoryOf([], [brand]) })).toBe('client');
  });

  it('puts the client before a talent with the same address', () => {
    const brand = campaign('c-brand', 'Brand', { clientAddresses: ['both@gmail.com'] });
    const directory = directoryOf([contact('both@gmail.com', 'Both', 'c-brand')], [brand]);
    expect(sideOfAddress('both@gmail.com', { directory })).toBe('client');
  });

  it('puts the client domain before a manager at the same domain', () => {
    const brand = campaign('c-brand', 'Brand', { clientDomain: 'brandco.com' });
    const directory = directoryOf([contact('kim@gmail.com', 'Kim', 'c-brand', { emailOwner: 'mgr@brandco.com' })], [brand]);
    expect(sideOfAddress('mgr@brandco.com', { directory })).toBe('talent');
    expect(sideOfAddress('colleague@brandco.com', { directory })).toBe('client');
  });

  it("reads a talent's and a manager's address in their canonical form", () => {
    const directory = directoryOf([contact('Kim.Lee+collabs@GMAIL.com', 'Kim Lee', 'c-glow', { emailOwner: 'Dana <Dana@Atlas.co>' })], []);
    expect(sideOfAddress('kimlee@gmail.com', { directory })).toBe('talent');
    expect(sideOfAddress('dana@atlas.co', { directory })).toBe('talent');
    expect(sideOfAddress('booking@atlas.co', { directory })).toBe('talent');
  });

  it("does not make a manager's free-mail domain a talent domain", () => {
    const directory = directoryOf([contact('kim@studio.com', 'Kim', 'c-glow', { emailOwner: 'dana@yahoo.co.uk' })], []);
    expect(sideOfAddress('dana@yahoo.co.uk', { directory })).toBe('talent');
    expect(sideOfAddress('stranger@yahoo.co.uk', { directory })).toBe('unknown');
  });

  it('finds nobody for something that is not an address', () => {
    expect(sideOfAddress('', ctx)).toBe('unknown');
    expect(sideOfAddress('not an address', ctx)).toBe('unknown');
  });

  it('counts only the listed campaigns, and every campaign when the list is empty', () => {
    expect(sideOfAddress('pr@glowskin.com', { directory: AGENCY, campaignIds: ['c-fizz'] })).toBe('unknown');
    expect(sideOfAddress('team@fizzco.com', { directory: AGENCY, campaignIds: ['c-fizz', 'c-glow'] })).toBe('client');
    expect(sideOfAddress('team@fizzco.com', { directory: AGENCY, campaignIds: ['c-missing'] })).toBe('unknown');
  });
});

describe('a manager known by name only', () => {
  const directory = directoryOf(
    [contact('kim@gmail.com', 'Kim', 'c-glow', { emailOwner: 'Sophie Grant (Peak Talent)' }), contact('lee@gmail.com', 'Lee', 'c-glow', { emailOwner: 'Jo' })],
    [],
  );
  const named = (email: string, name: string) => ({ ...message(email, ['ana@agency.com'], 'Hi'), from: { email, name } });

  it('is on the talent side when she writes from any address under her name, however it is written', () => {
    expect(messageSide(named('sophie@peak-talent.example', 'Sophie Grant'), { directory })).toBe('talent');
    expect(messageSide(named('sophie@peak-talent.example', '  SOPHIE   GRANT '), { directory })).toBe('talent');
    expect(messageSide(named('s@peak-talent.example', 'Sophie'), { directory })).toBe('unknown');
  });

  it('counts a two-letter name', () => {
    expect(messageSide(named('jo@studio.example', 'Jo'), { directory })).toBe('talent');
  });

  it('does not make staff or a client with that name talent side', () => {
    expect(messageSide(named('ana@agency.com', 'Sophie Grant'), { directory })).not.toBe('talent');
  });
});

describe('messageSide: which recipients are outside the agency side', () => {
  it('is internal when the only other recipients have no address', () => {
    const toNobody = { ...message('ana@agency.com', ['ben@agency.com'], 'Hi'), cc: [{ email: '' }] };
    expect(messageSide(toNobody, ctx)).toBe('internal');
    expect(messageSide({ ...message('ana@agency.com', [], 'Hi'), to: [], cc: [] }, ctx)).toBe('internal');
  });

  it('is agency when a talent or an unknown address is only in Cc', () => {
    expect(messageSide(message('ana@agency.com', ['ben@agency.com'], 'Hi', { cc: ['maya@gmail.com'] }), ctx)).toBe('agency');
    expect(messageSide(message('ana@agency.com', ['pr@glowskin.com'], 'Hi', { cc: ['someone@else.com'] }), ctx)).toBe('agency');
  });

  it('reads the recipients of a message without To or Cc lists', () => {
    const bare = { ...message('ana@agency.com', [], 'Hi'), to: undefined, cc: undefined } as unknown as Parameters<typeof messageSide>[0];
    expect(messageSide(bare, ctx)).toBe('internal');
  });
});

describe('reachesOtherSide: every sender against every recipient side', () => {
  it.each([
    ['staff', 'ana@agency.com', 'a talent', 'maya@gmail.com', true],
    ['staff', 'ana@agency.com', 'the client', 'pr@glowskin.com', false],
    ['staff', 'ana@agency.com', 'a stranger', 'x@else.com', false],
    ['the client', 'pr@glowskin.com', 'a talent', 'maya@gmail.com', true],
    ['the client', 'pr@glowskin.com', 'staff', 'ana@agency.com', false],
    ['a talent', 'maya@gmail.com', 'staff', 'ana@agency.com', true],
    ['a talent', 'maya@gmail.com', 'the client', 'pr@glowskin.com', true],
    ['a talent', 'maya@gmail.com', 'a stranger', 'x@else.com', false],
    ['a stranger', 'x@else.com', 'staff', 'ana@agency.com', false],
    ['a stranger', 'x@else.com', 'a talent', 'maya@gmail.com', false],
  ] as const)('%s writing to %s: %s', (_sender, from, _recipient, to, reaches) => {
    expect(reachesOtherSide(message(from, [to], 'Hi'), ctx)).toBe(reaches);
  });

  it('counts a recipient in Cc, and is false without a sender', () => {
    expect(reachesOtherSide(message('maya@gmail.com', ['jane@talentco.com'], 'Hi', { cc: ['ana@agency.com'] }), ctx)).toBe(true);
    expect(reachesOtherSide({ ...message('maya@gmail.com', ['ana@agency.com'], 'Hi'), from: undefined }, ctx)).toBe(false);
  });
});
