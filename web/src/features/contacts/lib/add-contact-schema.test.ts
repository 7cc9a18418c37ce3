import { describe, expect, it } from 'vitest';
import { EMPTY_ADD_CONTACT, addContactSchema, toAddContactInput, type AddContactForm } from './add-contact-schema';

const errorsOf = (form: AddContactForm) => {
  const result = addContactSchema.safeParse(form);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('addContactSchema', () => {
  it('requires a campaign, a valid e-mail and a name with the spec messages', () => {
    expect(errorsOf(EMPTY_ADD_CONTACT)).toEqual({
      campaign_id: 'Please select a campaign',
      email: 'Please enter a valid email address',
      talent_name: 'Name is required',
    });
    // a name of spaces only: the spec's submit-time text
    expect(errorsOf({ campaign_id: 'c1', email: 'ana@x.io', talent_name: '   ', email_owner: '' })).toEqual({ talent_name: 'Talent Name is required' });
    expect(errorsOf({ campaign_id: 'c1', email: 'ana@x.io', talent_name: 'A'.repeat(201), email_owner: '' })).toEqual({ talent_name: 'Talent name must be 200 characters or fewer' });
    expect(errorsOf({ campaign_id: 'c1', email: 'ana@', talent_name: 'Ana', email_owner: '' })).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(errorsOf({ campaign_id: 'c1', email: 'ana@x.io', talent_name: 'Ana', email_owner: '', handle: `@${'a'.repeat(100)}` })).toEqual({
      handle: 'Handle must be 100 characters or fewer',
    });
  });

  it('trims and lower-cases the e-mail and sends a blank manager as ""', () => {
    const values = addContactSchema.parse({ campaign_id: 'c1', email: '  Ana@Talent.TEST ', talent_name: ' Ana ', email_owner: '   ' });
    expect(toAddContactInput(values)).toEqual({ email: 'ana@talent.test', talent_name: 'Ana', email_owner: '', campaign_id: 'c1' });
  });

  it('takes the manager as agencies write it and sends it as written (trimmed, whitespace collapsed)', () => {
    const base = { campaign_id: 'c1', email: 'ana@x.io', talent_name: 'Ana' };
    for (const [written, sent] of [
      ['Dana Reyes', 'Dana Reyes'],
      [' Sophie Grant  (Peak Talent) ', 'Sophie Grant (Peak Talent)'],
      ['Dana Reyes <Dana@Atlas.co>', 'Dana Reyes <Dana@Atlas.co>'],
      ['dana@atlas.co', 'dana@atlas.co'],
      ['TBC', 'TBC'],
    ]) {
      expect(toAddContactInput(addContactSchema.parse({ ...base, email_owner: written })).email_owner, written).toBe(sent);
    }
    expect(errorsOf({ ...base, email_owner: 'x'.repeat(201) })).toEqual({ email_owner: 'Manager must be 200 characters or fewer' });
    expect(errorsOf({ ...base, email_owner: 'Dana\u0007' })).toEqual({ email_owner: 'Manager must not contain control characters' });
  });

  it('sends the handle trimmed, only when one was given', () => {
    const values = addContactSchema.parse({ campaign_id: 'c1', email: 'maya@cooks.tv', talent_name: 'Maya', email_owner: '', handle: ' @mayacooks ' });
    expect(toAddContactInput(values)).toEqual({ email: 'maya@cooks.tv', talent_name: 'Maya', email_owner: '', campaign_id: 'c1', handle: '@mayacooks' });
  });
});
