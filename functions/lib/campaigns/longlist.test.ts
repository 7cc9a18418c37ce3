import { describe, expect, it } from 'vitest';
import { findHeader, headerColumn, parseLonglist } from './longlist';

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

  it('normalises e-mails before the in-sheet duplicate check, and skips a row whose manager is not one valid address', () => {
    const rows = [
      ['Talent Name', 'E-mail', 'Manager'],
      ['Maya', 'maya@x.com', ' Dana@AtlasTalent.co '],
      ['Maya Again', 'ma\u200Bya@X.com', ''],
      ['Lee', 'lee@x.com', 'nobody@x.com OR is:anywhere'],
      ['Kim', 'kim@x.com', 'Dana at Atlas'],
      ['Jo', 'jo@x.com', 'jo.mgr@x.com\u200B'],
    ];
    const result = parseLonglist(rows, header);
    expect(result.candidates).toEqual([
      { row: 2, email: 'maya@x.com', talentName: 'Maya', manager: 'dana@atlastalent.co', handle: '' },
      { row: 6, email: 'jo@x.com', talentName: 'Jo', manager: 'jo.mgr@x.com', handle: '' },
    ]);
    expect(result.duplicates).toEqual([{ row: 3, email: 'maya@x.com', reason: 'Duplicate of row 2 in the sheet' }]);
    expect(result.skipped).toEqual([
      { row: 4, reason: 'Invalid manager email "nobody@x.com OR is:anywhere"' },
      { row: 5, reason: 'Invalid manager email "Dana at Atlas"' },
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
