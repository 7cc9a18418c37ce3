/** A yyyy-MM-dd day as UTC midnight, in ms: how the server reads a day the web sends (date ranges, a mailbox's "after" day). */
export const dayStartMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);
