import { describe, expect, it } from 'vitest';
import { memberScope, taskScope, type AgencyScope } from './resolve';

const session = { email: 'ana@glow.test', agencyName: 'glow' };
const member = { agencyName: 'glow', email: 'ana@glow.test', role: 'owner', status: 'active' } as const;

describe('the agency scope', () => {
  it("is a person's only while their session has the agency selected and their membership is active", () => {
    expect(memberScope(session, member)).toMatchObject({ agencyName: 'glow', email: 'ana@glow.test', role: 'owner' });
    expect(memberScope(session, { ...member, status: 'invited' })).toBeUndefined();
    expect(memberScope({ ...session, agencyName: 'other' }, member)).toBeUndefined();
    expect(memberScope({ email: session.email }, member)).toBeUndefined();
    expect(memberScope(session, { ...member, email: 'ben@glow.test' })).toBeUndefined();
  });

  it("gives our own tasks a member's rights, recorded as their actor", () => {
    expect(taskScope('glow', 'monitor')).toMatchObject({ agencyName: 'glow', email: 'monitor', role: 'member' });
  });

  it('cannot be written as an object literal, nor changed once made', () => {
    // @ts-expect-error an object with the same fields is not a scope (the class's private field)
    const literal: AgencyScope = { agencyName: 'glow', email: 'ana@glow.test', role: 'owner' };
    expect(literal.role).toBe('owner');
    const scope = taskScope('glow', 'monitor');
    expect(() => Object.assign(scope, { agencyName: 'other' })).toThrow(TypeError);
  });
});
