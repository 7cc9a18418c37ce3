import { describe, expect, it } from 'vitest';
import { apiKeyProblem, apiKeySchema } from './api-key-schema';

const body = 'A'.repeat(45);
const validKey = `sk-${body}`; // 48 characters
const projectKey = `sk-proj-${'b'.repeat(40)}_-9`;

describe('API key rules', () => {
  it('requires a value', () => {
    expect(apiKeyProblem('')).toBe('API key is required');
    expect(apiKeyProblem('   ')).toBe('API key is required');
  });

  it('requires the sk- prefix', () => {
    expect(apiKeyProblem(`pk-${body}`)).toBe('API key must start with "sk-"');
  });

  it('rejects spaces inside the key', () => {
    expect(apiKeyProblem(`sk-${'a'.repeat(30)} ${'b'.repeat(30)}`)).toBe('API key cannot contain spaces');
  });

  it('needs at least 48 characters', () => {
    expect(apiKeyProblem(validKey.slice(0, 47))).toBe('API key appears incomplete');
    expect(apiKeyProblem(validKey)).toBeUndefined();
  });

  it('accepts only letters, digits, underscore and hyphen after sk- / sk-proj-', () => {
    expect(apiKeyProblem(`sk-${'a'.repeat(44)}!`)).toBe('Invalid API key format');
    expect(apiKeyProblem(`sk-${'a'.repeat(44)}.x`)).toBe('Invalid API key format');
    expect(apiKeyProblem(projectKey)).toBeUndefined();
  });

  it('trims the value before checking and returns it trimmed', () => {
    expect(apiKeyProblem(`  ${validKey}  `)).toBeUndefined();
    expect(apiKeySchema.parse({ apiKey: ` ${validKey}\n` }).apiKey).toBe(validKey);
  });
});
