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
      { row: 2, email: 'ana.ruiz@gmail.com', talentName: 'Ana Ruiz', manager: 'mgr@talent.co' },
      { row: 8, email: 'ben@ode.io', talentName: 'Ben Ode', manager: '' },
    ]);
    expect(result.skipped).toEqual([
      { row: 3, reason: 'Missing email' },
      { row: 4, reason: 'Missing talent name' },
      { row: 5, reason: 'Invalid email "not-an-email"' },
    ]);
    expect(result.duplicates).toEqual([{ row: 7, email: 'ana.ruiz@gmail.com', reason: 'Duplicate of row 2 in the sheet' }]);
  });
});
