import { describe, expect, it } from 'vitest';
import { apiKeyProblem } from '../../../../../shared/schemas/identity';
import { apiKeySchema } from './api-key-schema';

/** What the form shows for a typed value: the first issue of its schema, or nothing. */
const formProblem = (apiKey: string): string | undefined => apiKeySchema.safeParse({ apiKey }).error?.issues[0]?.message;

const body = 'A'.repeat(45);
const validKey = `sk-${body}`; // 48 characters
const projectKey = `sk-proj-${'b'.repeat(40)}_-9`;

describe("API key form: the server's rules, in the spec's order", () => {
  it('requires a value', () => {
    expect(formProblem('')).toBe('API key is required');
    expect(formProblem('   ')).toBe('API key is required');
  });

  it('requires the sk- prefix', () => {
    expect(formProblem(`pk-${body}`)).toBe('API key must start with "sk-"');
  });

  it('rejects spaces inside the key', () => {
    expect(formProblem(`sk-${'a'.repeat(30)} ${'b'.repeat(30)}`)).toBe('API key cannot contain spaces');
  });

  it('needs at least 48 characters', () => {
    expect(formProblem(validKey.slice(0, 47))).toBe('API key appears incomplete');
    expect(formProblem(validKey)).toBeUndefined();
  });

  it('accepts only letters, digits, underscore and hyphen after sk- / sk-proj-', () => {
    expect(formProblem(`sk-${'a'.repeat(44)}!`)).toBe('Invalid API key format');
    expect(formProblem(`sk-${'a'.repeat(44)}.x`)).toBe('Invalid API key format');
    expect(formProblem(projectKey)).toBeUndefined();
  });

  it('trims the value before checking and returns it trimmed', () => {
    expect(formProblem(`  ${validKey}  `)).toBeUndefined();
    expect(apiKeySchema.parse({ apiKey: ` ${validKey}\n` }).apiKey).toBe(validKey);
  });

  it('says exactly what the server says of the same key', () => {
    for (const key of ['', 'abc', `pk-${body}`, 'sk-a b', 'sk-abc', `sk-${'a'.repeat(44)}!`, validKey, projectKey]) {
      expect(formProblem(key), key).toBe(apiKeyProblem(key));
    }
  });
});
