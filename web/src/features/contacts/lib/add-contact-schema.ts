import { messages } from '../../../../../shared/messages';
import { contactEmailSchema, handleSchema, managerCellSchema } from '../../../../../shared/schemas/campaigns';
import { z } from '../../../lib/zod';
import type { AddContactInput } from '../api/add-contact';

const text = messages.contacts.validation;

/** Section 5 "Add contact". */
export const addContactSchema = z.object({
  campaign_id: z.string().min(1, { error: text.campaignRequired }),
  /** the server's own rules: one bare address, normalised (zero-width characters and all) */
  email: contactEmailSchema,
  talent_name: z.string().min(1, { error: text.nameRequired }),
  /** as agencies write it (address, name, "Name (Company)", "Name <address>"): the server's own rule */
  email_owner: managerCellSchema,
  /** optional; the server checks it with the same schema */
  handle: handleSchema,
});

export type AddContactForm = z.input<typeof addContactSchema>;
export type AddContactValues = z.output<typeof addContactSchema>;

export const EMPTY_ADD_CONTACT: AddContactForm = { campaign_id: '', email: '', talent_name: '', email_owner: '', handle: '' };

/** The body: e-mail trimmed and lower-cased, manager as written ("" when blank), the handle only when given. */
export const toAddContactInput = (values: AddContactValues): AddContactInput => ({
  email: values.email,
  talent_name: values.talent_name.trim(),
  email_owner: values.email_owner,
  campaign_id: values.campaign_id,
  ...(values.handle ? { handle: values.handle } : {}),
});
