/**
 * What `npm start` prints once the product runs: where it is, what backs it, and, with the
 * Google emulator, the way in for a newcomer (which seeded account to pick, the OpenAI key to
 * paste, the seeded longlist to import). The README's "First five minutes" walks the same path.
 */

import type { SeedData } from '../../test/fixtures/seed/types';

export type SeedStaff = { email: string; name: string; title?: string };

/** The seed's agency staff (the longlist's owner first) and its longlist sheet's URL. */
export const seededWayIn = (seed: Pick<SeedData, 'accounts' | 'truth'>): { staff: SeedStaff[]; longlistUrl: string | null } => {
  const domain = `@${seed.truth.agency.domain}`;
  const owner = seed.truth.longlist.owner;
  const staff = seed.accounts
    .filter((account) => account.email.endsWith(domain))
    .sort((a, b) => Number(b.email === owner) - Number(a.email === owner))
    .map(({ email, name, title }) => ({ email, name, title }));
  return { staff, longlistUrl: seed.truth.longlist.url || null };
};

export type BannerInput = {
  url: string;
  dataDir: string;
  /** Google emulator origin; null with real Google */
  googleEmulator: string | null;
  /** OpenAI emulator origin; null with real OpenAI */
  openaiEmulator: string | null;
  /** the only key the OpenAI emulator accepts; null with real OpenAI */
  openaiKey: string | null;
  outboxDir: string | undefined;
  /** the seeded agency staff in the emulator's account picker; the first owns the longlist */
  staff: readonly SeedStaff[];
  /** the seeded longlist sheet, as a Google Sheets URL */
  longlistUrl: string | null;
};

/** A date range of the seeded mailbox with plenty of outreach to summarise. */
export const SAMPLE_RANGE = { start: '2026-01-01', end: '2026-03-31' } as const;

const person = (staff: SeedStaff) => `${staff.email} (${[staff.name, staff.title].filter(Boolean).join(', ')})`;

const newcomerLines = (input: BannerInput): string[] => {
  const [owner, ...colleagues] = input.staff;
  if (!input.googleEmulator || !owner) return [];
  const lines = [
    '',
    'First five minutes (README "First five minutes"):',
    `  1. Open ${input.url} and "Continue with Google". In the emulator's account picker choose`,
    `     ${person(owner)}: she creates and owns the agency, and owns the seeded longlist.`,
  ];
  if (colleagues.length) lines.push(`     Her colleagues, to invite or sign in as later: ${colleagues.map(person).join('; ')}.`);
  lines.push(
    '  2. Create the agency (the name is filled in), select it, and paste the OpenAI key'
      + (input.openaiKey ? ` ${input.openaiKey}` : ' of your OpenAI account') + '.',
    '  3. Campaigns → Create Campaign (any name and id).',
  );
  lines.push(
    input.longlistUrl
      ? `  4. Contacts → Import from Google Sheets: choose the campaign and paste the seeded longlist ${input.longlistUrl}`
      : '  4. Contacts → Import from Google Sheets: choose the campaign and paste a longlist sheet URL.',
    `  5. Email Processing → date range ${SAMPLE_RANGE.start} to ${SAMPLE_RANGE.end} → Process Range. When it ends,`,
    '     open the campaign (Campaigns → its name) and the queues ("What changed", or /queues).',
  );
  return lines;
};

/** The lines printed under "Threadline is running at ...". */
export const startBanner = (input: BannerInput): string => {
  const google = input.googleEmulator ? `Google emulator ${input.googleEmulator}` : 'real Google';
  const openai = input.openaiEmulator ? `OpenAI emulator ${input.openaiEmulator}` : 'real OpenAI';
  const lines = [
    `Threadline is running at ${input.url}`,
    `  data: ${input.dataDir}`,
    `  ${google}; ${openai}`,
    ...(input.openaiKey ? [`  OpenAI key for the emulator (the "Configure OpenAI API" screen): ${input.openaiKey}`] : []),
    ...(input.googleEmulator && input.staff.length ? [`  sign in as (emulator accounts): ${input.staff.map((staff) => staff.email).join(', ')}`] : []),
    ...(input.googleEmulator && input.longlistUrl ? [`  seeded longlist to import: ${input.longlistUrl}`] : []),
    `  invitation e-mails: ${input.outboxDir ?? '(not written locally)'}`,
    ...newcomerLines(input),
  ];
  return `\n${lines.join('\n')}\n`;
};
