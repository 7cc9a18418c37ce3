import { messages } from '../../../../../shared/messages';
import { ApiError, errorMessageFrom } from '../../../lib/api-client';

const errors = messages.apiKey.errors;

/** Turns a failed validate/set call into the API-key screen's wording (spec section 8). */
export const apiKeyErrorMessage = (error: unknown): string => {
  if (!(error instanceof ApiError)) return messages.apiKey.validation.serverDefault;
  if (error.status === 0) return errors.network;
  // A valid:false answer comes back as 400 carrying the server's own message.
  if (error.status === 400) return error.message || messages.apiKey.validation.serverDefault;
  if (error.status === 401) return errors.unauthorized;
  if (error.status === 402) return errors.quotaExceeded;
  // Our own throttle says how long to wait; a 429 without its words reads as the spec's.
  if (error.status === 429) return errorMessageFrom(error.data, errors.tooManyRequests);
  if (error.status >= 500) return errors.serviceIssue;
  return error.message || messages.apiKey.validation.serverDefault;
};
