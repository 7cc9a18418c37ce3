import { describe, expect, it } from 'vitest';
import { contactManagerFields, MANAGER_CONTROL, MANAGER_MAX, MANAGER_TOO_LONG, managerCellProblem, managerCellText, parseManagerCell } from './manager';

const cell = (text: string, address: string, name: string, company: string) => ({ text, address, name, company });

describe('parseManagerCell', () => {
  it.each([
    ['dana@atlas.co', cell('dana@atlas.co', 'dana@atlas.co', '', '')],
    ['  Dana@Atlas.CO ', cell('Dana@Atlas.CO', 'dana@atlas.co', '', '')],
    ['Dana Reyes', cell('Dana Reyes', '', 'Dana Reyes', '')],
    ['Dana   Reyes (Atlas  Talent)', cell('Dana Reyes (Atlas Talent)', '', 'Dana Reyes', 'Atlas Talent')],
    ['Sophie Grant (Peak Talent)', cell('Sophie Grant (Peak Talent)', '', 'Sophie Grant', 'Peak Talent')],
    ['Dana Reyes <Dana@Atlas.co>', cell('Dana Reyes <Dana@Atlas.co>', 'dana@atlas.co', 'Dana Reyes', '')],
    ['"Reyes, Dana" <dana@atlas.co>', cell('"Reyes, Dana" <dana@atlas.co>', 'dana@atlas.co', 'Reyes, Dana', '')],
    ['Dana Reyes - Atlas Talent', cell('Dana Reyes - Atlas Talent', '', 'Dana Reyes', 'Atlas Talent')],
    ['Dana Reyes – Atlas Talent', cell('Dana Reyes – Atlas Talent', '', 'Dana Reyes', 'Atlas Talent')],
    ['Atlas Talent (Dana)', cell('Atlas Talent (Dana)', '', 'Dana', 'Atlas Talent')],
    ['Atlas Talent - Dana', cell('Atlas Talent - Dana', '', 'Dana', 'Atlas Talent')],
    ['Dana Reyes (Atlas Talent) <dana@atlas.co>', cell('Dana Reyes (Atlas Talent) <dana@atlas.co>', 'dana@atlas.co', 'Dana Reyes', 'Atlas Talent')],
    ['dana@atlas.co (Dana Reyes)', cell('dana@atlas.co (Dana Reyes)', 'dana@atlas.co', 'Dana Reyes', '')],
    ['Mary-Jane Watts', cell('Mary-Jane Watts', '', 'Mary-Jane Watts', '')],
    ['TBC', cell('TBC', '', '', '')],
    ['n/a', cell('n/a', '', '', '')],
    ['-', cell('-', '', '', '')],
    ['', cell('', '', '', '')],
    ['   ', cell('', '', '', '')],
  ])('reads %j', (raw, expected) => {
    expect(parseManagerCell(raw)).toEqual(expected);
  });

  it('takes an address only when the project e-mail rule accepts it', () => {
    expect(parseManagerCell('Dana <dana@atlas>')).toEqual(cell('Dana <dana@atlas>', '', 'Dana', ''));
    expect(parseManagerCell('Dana <-x@atlas.co>').address).toBe('');
  });

  it('cuts an address run at search syntax, so only the valid token is taken', () => {
    expect(parseManagerCell('Dana <dana@atlas.co} OR from:evil@x.co>').address).toBe('dana@atlas.co');
    expect(parseManagerCell('"dana@atlas.co OR from:evil.co"').address).toBe('dana@atlas.co');
  });

  it('takes only the first valid address, so a cell never widens a search', () => {
    expect(parseManagerCell('dana@atlas.co, lee@atlas.co').address).toBe('dana@atlas.co');
  });

  it('keeps search syntax out of the address, whatever the name says', () => {
    const parsed = parseManagerCell('Dana} OR from:evil.com <dana@atlas.co>');
    expect(parsed.address).toBe('dana@atlas.co');
    expect(parsed.name).toContain('OR');
    expect(parseManagerCell('Dana} OR from:evil.com').address).toBe('');
  });

  it("keeps an apostrophe inside the address and drops quotes around it", () => {
    expect(parseManagerCell("Sean O'Brien <sean.o'brien@atlas.co>")).toEqual(cell("Sean O'Brien <sean.o'brien@atlas.co>", "sean.o'brien@atlas.co", "Sean O'Brien", ''));
    expect(parseManagerCell("'dana@atlas.co'").address).toBe('dana@atlas.co');
    expect(parseManagerCell('Write to dana@atlas.co.').address).toBe('dana@atlas.co');
  });

  it('reads full-width address characters as ASCII', () => {
    expect(parseManagerCell('Dana ＜dana＠atlas.co＞').address).toBe('dana@atlas.co');
  });
});

describe('managerCellProblem', () => {
  it('allows empty and ordinary cells', () => {
    for (const ok of ['', 'Dana Reyes (Atlas Talent)', '"Reyes, Dana" <dana@atlas.co>', 'x'.repeat(MANAGER_MAX)]) {
      expect(managerCellProblem(ok), ok).toBeUndefined();
    }
  });

  it('refuses over-long cells at the boundary', () => {
    expect(managerCellProblem('x'.repeat(MANAGER_MAX + 1))).toBe(MANAGER_TOO_LONG);
    // whitespace that collapses away does not count
    expect(managerCellProblem(` ${'x'.repeat(MANAGER_MAX)}  `)).toBeUndefined();
  });

  it('refuses control and bidi-override characters', () => {
    for (const bad of ['Dana\nReyes', 'Dana\u0000', 'Dana\u202Eoc.salta', 'Dana\u0085']) {
      expect(managerCellProblem(bad), JSON.stringify(bad)).toBe(MANAGER_CONTROL);
    }
  });

  it('stores the cell trimmed with whitespace collapsed', () => {
    expect(managerCellText('  Dana   Reyes  (Atlas) ')).toBe('Dana Reyes (Atlas)');
  });
});

describe('contactManagerFields', () => {
  it('gives the cell as written with its parsed address and name', () => {
    expect(contactManagerFields(' Dana  Reyes <Dana@Atlas.co> ')).toEqual({ emailOwner: 'Dana Reyes <Dana@Atlas.co>', managerAddress: 'dana@atlas.co', managerName: 'Dana Reyes' });
    expect(contactManagerFields(undefined)).toEqual({ emailOwner: '', managerAddress: '', managerName: '' });
  });
});
