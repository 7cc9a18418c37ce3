/**
 * Every key of the table is built here, from the agency scope or the user's e-mail: no handler
 * builds a key or trusts an agency id from input.
 */
export const keys = {
  agency: (agency: string) => `AGENCY#${agency}`,
  user: (email: string) => `USER#${email}`,
  session: (tokenHash: string) => `SESSION#${tokenHash}`,
} as const;

export const nowIso = (): string => new Date().toISOString();
export const epochSeconds = (iso: string | number | Date): number => Math.floor(new Date(iso).getTime() / 1000);
