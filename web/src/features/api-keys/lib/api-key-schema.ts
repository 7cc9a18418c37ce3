import { z } from '../../../lib/zod';
import { API_KEY_MIN_LENGTH, API_KEY_PATTERN } from '../../../../../shared/constants';
import { messages } from '../../../../../shared/messages';

const rules = messages.apiKey.validation;

/**
 * The key is trimmed, then checked rule by rule so the first failing rule names the problem.
 * Spaces are checked before the format: inside a key they would otherwise read as a bad format.
 */
export const apiKeySchema = z.object({
  apiKey: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
      if (value === '') return fail(rules.required);
      if (!value.startsWith('sk-')) return fail(rules.mustStartWithSk);
      if (/\s/.test(value)) return fail(rules.noSpaces);
      if (value.length < API_KEY_MIN_LENGTH) return fail(rules.incomplete);
      if (!API_KEY_PATTERN.test(value)) return fail(rules.invalidFormat);
    }),
});

export type ApiKeyForm = z.input<typeof apiKeySchema>;

/** The first rule the value breaks, or undefined when it is acceptable. */
export const apiKeyProblem = (value: string): string | undefined => {
  const result = apiKeySchema.safeParse({ apiKey: value });
  return result.success ? undefined : result.error.issues[0]?.message;
};
