import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { apiKeyErrorMessage } from './api-key-errors';

describe('apiKeyErrorMessage', () => {
  it('maps statuses to the spec wording', () => {
    expect(apiKeyErrorMessage(new ApiError(0, 'x'))).toBe('Connection failed. Please check your internet and try again.');
    expect(apiKeyErrorMessage(new ApiError(401, 'x'))).toBe('Invalid API key. Please check and try again.');
    expect(apiKeyErrorMessage(new ApiError(429, 'x'))).toBe('Too many requests. Please wait a moment.');
    expect(apiKeyErrorMessage(new ApiError(402, 'x'))).toBe('OpenAI quota exceeded. Please check your account.');
    expect(apiKeyErrorMessage(new ApiError(503, 'x'))).toBe('OpenAI service issue. Please try again later.');
  });

  it("shows the server's message when the key was judged invalid", () => {
    expect(apiKeyErrorMessage(new ApiError(400, 'Incorrect API key provided'))).toBe('Incorrect API key provided');
    expect(apiKeyErrorMessage(new ApiError(400, ''))).toBe('Invalid API key');
    expect(apiKeyErrorMessage('weird')).toBe('Invalid API key');
  });

  it("shows the throttle's own words (how long to wait) on a 429 from the server", () => {
    const body = { success: false, error: 'Too many API key checks for this agency. Try again in 1 minute.' };
    expect(apiKeyErrorMessage(new ApiError(429, body.error, body))).toBe('Too many API key checks for this agency. Try again in 1 minute.');
  });
});
