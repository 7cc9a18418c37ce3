import { seed } from '../fixtures/seed';

/**
 * What the API suites that write conversation items by hand stand on: the seeded staff, one clock
 * read when the file loads (so every "days ago" in a file agrees), and the talents' addresses.
 */
export const [MAYA, DANIEL] = seed.accounts.map((account) => account.email) as [string, string];
export const HOUR = 3600_000;
export const DAY = 24 * HOUR;
export const NOW = Date.now();
export const ago = (ms: number) => new Date(NOW - ms).toISOString();
export const dayFromNow = (days: number) => new Date(NOW + days * DAY).toISOString().slice(0, 10);

export const ANA = 'ana@example.com';
export const BEN = 'ben@example.com';
export const CLEO = 'cleo@example.com';
export const DAN = 'dan@example.com';
export const EVE = 'eve@example.com';
export const FAY = 'fay@example.com';
