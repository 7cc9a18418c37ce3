/**
 * Gmail push (`POST /api/v3/push/gmail`): the body Pub/Sub pushes, whose base64 `data` is Gmail's
 * notification `{emailAddress, historyId}`. No Node imports: the schemas are shared.
 */
import * as z from 'zod';

const MAX_DATA_CHARS = 4_096;

export const gmailNotification = z.object({
  emailAddress: z.email({ error: 'emailAddress must be an e-mail address' }).max(320),
  historyId: z.union([z.string().regex(/^\d{1,20}$/), z.number().int().nonnegative()]).transform((value) => String(value)),
});

const decodeData = (data: string, ctx: z.RefinementCtx): unknown => {
  try {
    const text = atob(data.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(text) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'message.data must be base64 JSON' });
    return z.NEVER;
  }
};

export const gmailPushBody = z
  .object({
    message: z.object({
      data: z.string({ error: 'message.data is required' }).max(MAX_DATA_CHARS),
      messageId: z.string().max(200).optional(),
      message_id: z.string().max(200).optional(),
      publishTime: z.string().max(100).optional(),
      attributes: z.record(z.string(), z.string()).optional(),
    }),
    subscription: z.string().max(500).optional(),
  })
  .transform((body, ctx) => {
    const parsed = gmailNotification.safeParse(decodeData(body.message.data, ctx));
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'message.data must carry {emailAddress, historyId}' });
      return z.NEVER;
    }
    return { notification: parsed.data, messageId: body.message.messageId ?? body.message.message_id ?? null };
  });

export const gmailPushResponse = z.object({ success: z.literal(true), agencies: z.number().int(), started: z.number().int() });
export type GmailPushResponse = z.output<typeof gmailPushResponse>;
