import { messages } from '../../../../../shared/messages';
import { emailSchema } from '../../../../../shared/schemas/identity';
import {
  MAX_MAILBOX_FROM_ADDRESSES,
  connectMailboxBody,
  type ConnectMailboxBody,
  type MailboxJson,
} from '../../../../../shared/schemas/mailboxes';
import { z } from '../../../lib/zod';

const text = messages.mailboxes;

/** "a@x.com, b@y.com" (commas, semicolons or spaces between) → the addresses, blanks dropped. */
export const splitAddresses = (value: string): string[] =>
  value
    .split(/[,;\s]+/)
    .map((address) => address.trim())
    .filter(Boolean);

/**
 * The signed-in person's consent and limits. Addresses and the day are checked with the same
 * rules the server applies (shared schemas), naming the address that is wrong.
 */
export const mailboxFormSchema = z.object({
  consent: z.boolean().refine((given) => given, { error: text.consentRequired }),
  from_addresses: z
    .string()
    .check((ctx) => {
      const list = splitAddresses(ctx.value);
      const wrong = list.find((address) => !emailSchema.safeParse(address).success);
      if (wrong !== undefined) ctx.issues.push({ code: 'custom', message: text.invalidAddress(wrong), input: ctx.value });
      else if (list.length > MAX_MAILBOX_FROM_ADDRESSES) {
        ctx.issues.push({ code: 'custom', message: text.tooManyAddresses(MAX_MAILBOX_FROM_ADDRESSES), input: ctx.value });
      }
    })
    .transform((value) => splitAddresses(value).map((address) => emailSchema.parse(address))),
  after: z
    .string()
    .trim()
    .refine((value) => connectMailboxBody.shape.after.safeParse(value).success, { error: text.invalidDay }),
});

export type MailboxFormValues = z.input<typeof mailboxFormSchema>;
export type MailboxFormOutput = z.output<typeof mailboxFormSchema>;

/** The form as the caller's own mailbox stands: consent given when connected, its limits filled in. */
export const mailboxFormDefaults = (mine: MailboxJson | undefined, connected: boolean): MailboxFormValues => ({
  consent: connected,
  from_addresses: mine?.from_addresses.join(', ') ?? '',
  after: mine?.after ?? '',
});

/** The body of POST /api/v3/mailboxes/connect; an empty day clears the limit. */
export const toConnectBody = (values: MailboxFormOutput): ConnectMailboxBody => ({
  from_addresses: values.from_addresses,
  after: values.after || null,
});

const capitalized = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** "Only mail from/to a@x.com, on or after 2026-01-05", or "All tracked mail" with no limit. */
export const mailboxLimitsText = ({ from_addresses, after }: Pick<MailboxJson, 'from_addresses' | 'after'>): string => {
  const parts = [
    ...(from_addresses.length > 0 ? [text.onlyFrom(from_addresses.join(', '))] : []),
    ...(after ? [text.onlyAfter(after)] : []),
  ];
  return parts.length > 0 ? capitalized(parts.join(', ')) : text.noLimits;
};
