/**
 * Stands in for @aws-lambda-powertools/parser/helpers in the Lambda bundles: its JSONStringified,
 * the one helper functions/ uses, written as Powertools writes it but over `import * as z`.
 * Powertools imports zod as one namespace value (`import { z } from 'zod'`), which esbuild cannot
 * tree-shake: every zod API and all its locales (~290 KB minified) rode in the two tasks
 * EventBridge calls (JobReleaseLock, PushCheck). test/infra/bundle-stand-ins.test.ts checks it
 * parses as the real helper does.
 */
import * as z from 'zod';

export const JSONStringified = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((str, ctx) => {
      try {
        return JSON.parse(str) as unknown;
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `Invalid JSON - ${(error as Error).message}`, fatal: true });
      }
    })
    .pipe(schema);
