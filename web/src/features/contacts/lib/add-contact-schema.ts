import { messages } from '../../../../../shared/messages';
import { addContactBody } from '../../../../../shared/schemas/campaigns';
import { z } from '../../../lib/zod';
import type { AddContactInput } from '../api/add-contact';

/**
 * Section 5 "Add contact": the server's own body schema, rules and messages (campaign required,
 * one bare address normalised, the talent's name, the manager as agencies write it, an optional
 * handle). One message differs on screen: a name of spaces only says "Talent Name is required"
 * (the spec's submit-time text), an empty one "Name is required" as the server does.
 */
export const addContactSchema = addContactBody.extend({
  talent_name: z
    .string()
    .check((ctx) => {
      if (ctx.value !== '' && ctx.value.trim() === '') ctx.issues.push({ code: 'custom', message: messages.contacts.validation.talentNameRequired, input: ctx.value });
    })
    .pipe(addContactBody.shape.talent_name),
});

export type AddContactForm = z.input<typeof addContactSchema>;
export type AddContactValues = z.output<typeof addContactSchema>;

export const EMPTY_ADD_CONTACT: AddContactForm = { campaign_id: '', email: '', talent_name: '', email_owner: '', handle: '' };

/** The body: e-mail trimmed and lower-cased, manager as written ("" when blank), the handle only when given. */
export const toAddContactInput = (values: AddContactValues): AddContactInput => ({
  email: values.email,
  talent_name: values.talent_name,
  email_owner: values.email_owner,
  campaign_id: values.campaign_id,
  ...(values.handle ? { handle: values.handle } : {}),
});
