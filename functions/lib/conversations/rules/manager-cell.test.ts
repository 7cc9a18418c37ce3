import { describe, expect, it } from 'vitest';
import { messageSide, reachesOtherSide } from './sides';
import { GLOW, contact, directoryOf, message } from '../../../../test/fixtures/conversations/rule-builders';

describe('sides: a manager known only by the name in the Manager cell', () => {
  const ivy = contact('ivy.moss@gmail.com', 'Ivy Moss', 'c-glow', { emailOwner: 'Sophie Grant (Peak Talent)' });
  const ctx = { directory: directoryOf([ivy], [GLOW]) };
  const from = (email: string, name: string, to = ['ana@agency.com']) => ({ ...message(email, to, 'Rates attached.'), from: { email, name } });

  it('is talent side when shown under that name, and reaches the agency', () => {
    const sophie = from('sophie@peak-talent.example', 'Sophie Grant');
    expect(messageSide(sophie, ctx)).toBe('talent');
    expect(reachesOtherSide(sophie, ctx)).toBe(true);
  });

  it('is nobody known under another name or with no name', () => {
    expect(messageSide(from('sophie@peak-talent.example', 'Sophie Lane'), ctx)).toBe('unknown');
    expect(messageSide(message('sophie@peak-talent.example', ['ana@agency.com'], 'Hi'), ctx)).toBe('unknown');
  });

  it('makes a staff message to that name outward (agency side)', () => {
    const toSophie = { ...message('ana@agency.com', [], 'Brief attached'), to: [{ email: 'sophie@peak-talent.example', name: 'Sophie Grant' }] };
    expect(messageSide(toSophie, ctx)).toBe('agency');
    expect(reachesOtherSide(toSophie, ctx)).toBe(true);
  });

  it('reads the address of "Name <address>" as the manager', () => {
    const withAddress = directoryOf([contact('ivy.moss@gmail.com', 'Ivy Moss', 'c-glow', { emailOwner: 'Sophie Grant <sophie@peak-talent.example>' })], [GLOW]);
    expect(messageSide(message('sophie@peak-talent.example', ['ana@agency.com'], 'Hi'), { directory: withAddress })).toBe('talent');
  });
});
