import { describe, expect, it } from 'vitest';
import { findHeader, headerColumn, managerForImport, parseLonglist } from './longlist';

describe('longlist header detection', () => {
  it.each([
    ['Email', 'email'],
    ['E-mail', 'email'],
    ['Email Address', 'email'],
    ['  EMAIL ', 'email'],
    ['Talent', 'name'],
    ['Talent Name', 'name'],
    ['Influencer', 'name'],
    ['Name', 'name'],
    ['Manager', 'manager'],
    ['Owner', 'manager'],
    ['Agent', 'manager'],
    ['Handle', 'handle'],
    ['Social Handle', 'handle'],
    ['Followers', undefined],
  ])('%s → %s', (header, column) => {
    expect(headerColumn(header)).toBe(column);
  });

  it('finds the header below a title row and ignores unrelated columns', () => {
    const rows = [['Spring longlist'], [], ['Influencer', 'Followers', 'E-mail', 'Agent']];
    expect(findHeader(rows)).toEqual({ row: 2, name: 0, email: 2, manager: 3 });
  });

  it('needs both an e-mail and a name column', () => {
    expect(findHeader([['Email', 'Followers']])).toBeUndefined();
  });

  it('finds a Handle column beside the name, and takes the handle as the name when there is no name column', () => {
    expect(findHeader([['Influencer', 'Email Address', 'Talent Manager', 'Handle']])).toEqual({ row: 0, name: 0, email: 1, manager: 2, handle: 3 });
    expect(findHeader([['Handle', 'Email']])).toEqual({ row: 0, name: 0, email: 1, handle: 0 });
  });
});

describe('longlist rows', () => {
  const header = { row: 0, name: 0, email: 1, manager: 2 };
  it('lower-cases e-mails, skips rows without e-mail or name with reasons, reports in-sheet duplicates, ignores blank lines', () => {
    const rows = [
      ['Talent Name', 'E-mail', 'Manager'],
      ['Ana Ruiz', ' Ana.Ruiz@Gmail.com ', 'mgr@talent.co'],
      ['No Mail', '', ''],
      ['', 'noname@example.com', ''],
      ['Bad', 'not-an-email', ''],
      [],
      ['Ana Again', 'ana.ruiz@gmail.com', ''],
      ['Ben Ode', 'ben@ode.io'],
    ];
    const result = parseLonglist(rows, header);
    expect(result.candidates).toEqual([
      { row: 2, email: 'ana.ruiz@gmail.com', talentName: 'Ana Ruiz', manager: 'mgr@talent.co', handle: '' },
      { row: 8, email: 'ben@ode.io', talentName: 'Ben Ode', manager: '', handle: '' },
    ]);
    expect(result.skipped).toEqual([
      { row: 3, reason: 'Missing email' },
      { row: 4, reason: 'Missing talent name' },
      { row: 5, reason: 'Invalid email "not-an-email"' },
    ]);
    expect(result.duplicates).toEqual([{ row: 7, email: 'ana.ruiz@gmail.com', reason: 'Duplicate of row 2 in the sheet' }]);
  });

  it('normalises e-mails before the in-sheet duplicate check, and keeps every row whatever its manager cell says, as written', () => {
    const rows = [
      ['Talent Name', 'E-mail', 'Manager'],
      ['Maya', 'maya@x.com', ' Dana@AtlasTalent.co '],
      ['Maya Again', 'ma\u200Bya@X.com', ''],
      ['Lee', 'lee@x.com', 'nobody@x.com OR is:anywhere'],
      ['Kim', 'kim@x.com', 'Dana at Atlas'],
      ['Jo', 'jo@x.com', 'jo.mgr@x.com\u200B'],
      ['Sam', 'sam@x.com', 'Sophie Grant (Peak Talent)'],
      ['Ali', 'ali@x.com', 'Sophie Grant <sophie@peak-talent.example>'],
      ['Bo', 'bo@x.com', '"Reyes, Dana" <dana@atlas.co>'],
      ['Cy', 'cy@x.com', 'TBC'],
      ['Di', 'di@x.com', 'Dana Reyes\nAtlas\tTalent'],
    ];
    const result = parseLonglist(rows, header);
    expect(result.skipped).toEqual([]);
    expect(result.duplicates).toEqual([{ row: 3, email: 'maya@x.com', reason: 'Duplicate of row 2 in the sheet' }]);
    expect(result.candidates.map(({ row, email, manager }) => ({ row, email, manager }))).toEqual([
      { row: 2, email: 'maya@x.com', manager: 'Dana@AtlasTalent.co' },
      { row: 4, email: 'lee@x.com', manager: 'nobody@x.com OR is:anywhere' },
      { row: 5, email: 'kim@x.com', manager: 'Dana at Atlas' },
      { row: 6, email: 'jo@x.com', manager: 'jo.mgr@x.com' },
      { row: 7, email: 'sam@x.com', manager: 'Sophie Grant (Peak Talent)' },
      { row: 8, email: 'ali@x.com', manager: 'Sophie Grant <sophie@peak-talent.example>' },
      { row: 9, email: 'bo@x.com', manager: '"Reyes, Dana" <dana@atlas.co>' },
      { row: 10, email: 'cy@x.com', manager: 'TBC' },
      { row: 11, email: 'di@x.com', manager: 'Dana Reyes Atlas Talent' },
    ]);
  });

  it('keeps a row whose manager cell is over 200 characters, with the name and the whole address', () => {
    const notes = ` - ${'call her before noon, '.repeat(12)}`;
    expect(managerForImport(`Dana Reyes <Dana@Atlas.co>${notes}`)).toBe('Dana Reyes <dana@atlas.co>');
    const longName = `${'Dana '.repeat(60)}<dana@atlas.co>`;
    const kept = managerForImport(longName);
    expect(kept).toHaveLength(200);
    expect(kept.endsWith('… <dana@atlas.co>')).toBe(true);
    const plain = managerForImport('x'.repeat(300));
    expect(plain).toBe(`${'x'.repeat(199)}…`);
    expect(managerForImport('x'.repeat(200))).toBe('x'.repeat(200));
    const rows = [['Name', 'Email', 'Manager'], ['Maya', 'maya@x.com', `Dana Reyes <dana@atlas.co>${notes}`]];
    expect(parseLonglist(rows, { row: 0, name: 0, email: 1, manager: 2 }).candidates).toEqual([
      { row: 2, email: 'maya@x.com', talentName: 'Maya', manager: 'Dana Reyes <dana@atlas.co>', handle: '' },
    ]);
  });

  it('reads the handle trimmed, and leaves out one that cannot be a handle (spaces, over 100 characters)', () => {
    const rows = [
      ['Name', 'Email', 'Handle'],
      ['Maya', 'maya@cooks.tv', ' @mayacooks '],
      ['Ben', 'ben@ode.io', 'see notes for all the accounts'],
      ['Cy', 'cy@x.io', `@${'c'.repeat(100)}`],
    ];
    const result = parseLonglist(rows, { row: 0, name: 0, email: 1, handle: 2 });
    expect(result.candidates.map((candidate) => candidate.handle)).toEqual(['@mayacooks', '', '']);
  });
});
