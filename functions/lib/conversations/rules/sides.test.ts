import { describe, expect, it } from 'vitest';
import { messageSide, reachesOtherSide, sideOfAddress, type SideContext } from './sides';
import { AGENCY, message } from '../../../../test/fixtures/conversations/rule-builders';

const ctx: SideContext = { directory: AGENCY, campaignIds: ['c-glow'] };

describe('sideOfAddress', () => {
  it('puts staff, by address or by agency domain, on the agency side', () => {
    expect(sideOfAddress('ana@agency.com', ctx)).toBe('agency');
    expect(sideOfAddress('Someone.New@Agency.com', ctx)).toBe('agency');
  });

  it('keeps staff staff even when listed as a talent', () => {
    expect(sideOfAddress('ben@agency.com', ctx)).toBe('agency');
  });

  it("recognises the campaign's client by domain, subdomain or listed address", () => {
    expect(sideOfAddress('pr@glowskin.com', ctx)).toBe('client');
    expect(sideOfAddress('pr@eu.glowskin.com', ctx)).toBe('client');
    expect(sideOfAddress('brandlead@gmail.com', ctx)).toBe('client');
    expect(sideOfAddress('pr@notglowskin.com', ctx)).toBe('unknown');
  });

  it("only counts the client of the conversation's campaigns, or every client when it has none", () => {
    expect(sideOfAddress('team@fizzco.com', ctx)).toBe('unknown');
    expect(sideOfAddress('team@fizzco.com', { directory: AGENCY })).toBe('client');
    expect(sideOfAddress('team@fizzco.com', { directory: AGENCY, campaignIds: [] })).toBe('client');
  });

  it("puts talents, managers and managers' colleagues on the talent side", () => {
    expect(sideOfAddress('maya@gmail.com', ctx)).toBe('talent');
    expect(sideOfAddress('jane@talentco.com', ctx)).toBe('talent');
    expect(sideOfAddress('assistant@talentco.com', ctx)).toBe('talent');
  });

  it('does not make everyone at a free-mail domain a colleague', () => {
    // maya's address is at gmail.com; another gmail user is nobody in particular
    expect(sideOfAddress('stranger@gmail.com', ctx)).toBe('unknown');
    expect(sideOfAddress('stranger@outlook.com', ctx)).toBe('unknown');
  });

  it('ignores a free-mail domain listed as an agency domain', () => {
    const gmailAgency = { ...AGENCY, staff: new Set(['ana@gmail.com']), staffDomains: new Set(['gmail.com']) };
    expect(sideOfAddress('maya@gmail.com', { directory: gmailAgency })).toBe('talent');
    expect(sideOfAddress('ana@gmail.com', { directory: gmailAgency })).toBe('agency');
  });

  it('does not count an untracked talent', () => {
    expect(sideOfAddress('tom@gmail.com', ctx)).toBe('unknown');
  });
});

describe('messageSide', () => {
  it('is agency when staff write to someone outside the agency side', () => {
    expect(messageSide(message('ana@agency.com', ['maya@gmail.com'], 'Hi'), ctx)).toBe('agency');
    expect(messageSide(message('ana@agency.com', ['ben@agency.com'], 'Hi', { cc: ['photographer@studio.com'] }), ctx)).toBe('agency');
  });

  it('is internal when staff write only to staff', () => {
    expect(messageSide(message('ana@agency.com', ['ben@agency.com'], 'Can you chase Maya?'), ctx)).toBe('internal');
  });

  it('is internal when staff write only to staff and the client', () => {
    expect(messageSide(message('ana@agency.com', ['pr@glowskin.com'], 'Maya is keen', { cc: ['ben@agency.com'] }), ctx)).toBe('internal');
  });

  it('is client when the client writes, to whoever', () => {
    expect(messageSide(message('pr@glowskin.com', ['ana@agency.com'], 'Approved'), ctx)).toBe('client');
    expect(messageSide(message('pr@glowskin.com', ['maya@gmail.com'], 'Welcome Maya'), ctx)).toBe('client');
  });

  it('is talent when a talent, a manager or a colleague of one writes', () => {
    expect(messageSide(message('maya@gmail.com', ['ana@agency.com'], 'Yes!'), ctx)).toBe('talent');
    expect(messageSide(message('jane@talentco.com', ['ana@agency.com'], 'Rates attached'), ctx)).toBe('talent');
    expect(messageSide(message('billing@talentco.com', ['ana@agency.com'], 'Invoice'), ctx)).toBe('talent');
  });

  it('is unknown for a third party or a message without sender', () => {
    expect(messageSide(message('noreply@calendly.com', ['ana@agency.com'], 'Booked'), ctx)).toBe('unknown');
    expect(messageSide({ ...message('x@y.com', ['ana@agency.com'], ''), from: undefined }, ctx)).toBe('unknown');
  });
});

describe('reachesOtherSide', () => {
  it('is true for agency to talent and talent to agency', () => {
    expect(reachesOtherSide(message('ana@agency.com', ['maya@gmail.com'], 'Hi'), ctx)).toBe(true);
    expect(reachesOtherSide(message('jane@talentco.com', ['ben@agency.com'], 'Hi'), ctx)).toBe(true);
  });

  it('is false for staff writing to a third party or to each other', () => {
    expect(reachesOtherSide(message('ana@agency.com', ['photographer@studio.com'], 'Hi'), ctx)).toBe(false);
    expect(reachesOtherSide(message('ana@agency.com', ['ben@agency.com'], 'Hi'), ctx)).toBe(false);
  });

  it('is false for a talent writing only to their manager', () => {
    expect(reachesOtherSide(message('maya@gmail.com', ['jane@talentco.com'], 'Should I?'), ctx)).toBe(false);
  });
});
