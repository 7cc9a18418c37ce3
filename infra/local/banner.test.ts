import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCAL_OPENAI_KEY } from '../../test/emulators/openai/keys';
import { seed } from '../../test/fixtures/seed';
import { SAMPLE_RANGE, seededWayIn, startBanner, type BannerInput } from './banner';

const emulated: BannerInput = {
  url: 'http://127.0.0.1:3000',
  dataDir: '/srv/threadline/.data',
  googleEmulator: 'http://127.0.0.1:41001',
  openaiEmulator: 'http://127.0.0.1:41002',
  openaiKey: LOCAL_OPENAI_KEY,
  outboxDir: '/srv/threadline/.data/outbox',
  ...seededWayIn(seed),
};

describe('the npm start banner', () => {
  it('prints the URL, the backing services and the OpenAI key, as before', () => {
    const text = startBanner(emulated);
    expect(text).toContain('Threadline is running at http://127.0.0.1:3000\n');
    expect(text).toContain('  Google emulator http://127.0.0.1:41001; OpenAI emulator http://127.0.0.1:41002\n');
    expect(text).toContain(`  OpenAI key for the emulator (the "Configure OpenAI API" screen): ${LOCAL_OPENAI_KEY}\n`);
    expect(text).toContain('  invitation e-mails: /srv/threadline/.data/outbox\n');
  });

  it('names the emulator accounts to sign in with, the would-be owner first, and the seeded longlist', () => {
    const text = startBanner(emulated);
    expect(text).toContain('  sign in as (emulator accounts): maya@brightwave-agency.com, daniel@brightwave-agency.com, priya@brightwave-agency.com\n');
    expect(text).toContain(`  seeded longlist to import: ${seed.truth.longlist.url}\n`);
    expect(seed.truth.longlist.url).toMatch(/^https:\/\/docs\.google\.com\/spreadsheets\/d\//);
  });

  it('walks a newcomer through the first five minutes', () => {
    const lines = startBanner(emulated).split('\n');
    const start = lines.indexOf('First five minutes (README "First five minutes"):');
    expect(start).toBeGreaterThan(0);
    const walk = lines.slice(start).join('\n');
    expect(walk).toContain('maya@brightwave-agency.com (Maya Okafor, Head of Partnerships): she creates and owns the agency');
    expect(walk).toContain('daniel@brightwave-agency.com (Daniel Reyes, Senior Talent Manager); priya@brightwave-agency.com (Priya Shah, Campaign Coordinator)');
    expect(walk).toContain(`paste the OpenAI key ${LOCAL_OPENAI_KEY}.`);
    expect(walk).toContain('Campaigns → Create Campaign');
    expect(walk).toContain(`paste the seeded longlist ${seed.truth.longlist.url}`);
    expect(walk).toContain('date range 2026-01-01 to 2026-03-31 → Process Range');
    expect(walk).toContain('/queues');
  });

  it('leaves out the emulator accounts, key and walk-through with real Google and OpenAI', () => {
    const text = startBanner({ ...emulated, googleEmulator: null, openaiEmulator: null, openaiKey: null, staff: [], longlistUrl: null });
    expect(text).toContain('  real Google; real OpenAI\n');
    expect(text).not.toContain('OpenAI key for the emulator');
    expect(text).not.toContain('sign in as');
    expect(text).not.toContain('First five minutes');
  });
});

describe('seededWayIn', () => {
  it("lists the seed's agency staff with the longlist owner first", () => {
    const { staff, longlistUrl } = seededWayIn(seed);
    expect(staff.map((s) => s.email)).toEqual(['maya@brightwave-agency.com', 'daniel@brightwave-agency.com', 'priya@brightwave-agency.com']);
    expect(staff[0]?.email).toBe(seed.truth.longlist.owner);
    expect(longlistUrl).toBe(seed.truth.longlist.url);
  });
});

describe('the README\'s first screen', () => {
  it('says what the banner says: the account to pick, the longlist, the range, the queues', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## First five minutes'), readme.indexOf('\n## ', readme.indexOf('## First five minutes') + 1));
    expect(readme.indexOf('## First five minutes')).toBeLessThan(readme.indexOf('## The two commands'));
    for (const expected of ['npm ci && npm start', 'maya@brightwave-agency.com', seed.truth.longlist.url, SAMPLE_RANGE.start, SAMPLE_RANGE.end, 'OpenAI key', '/queues']) {
      expect(section, expected).toContain(expected);
    }
  });
});
