import { sheets, type sheets_v4 } from '@googleapis/sheets';
import { OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleEmulator, type GoogleEmulator } from './server';

/**
 * valueInputOption as Sheets documents it: RAW stores what it is given as-is ("=1+2" is the
 * string "=1+2"); USER_ENTERED parses it as typed in the UI ("=1+2" is a formula). Reading back,
 * FORMATTED_VALUE and UNFORMATTED_VALUE give a formula's result, FORMULA gives the formula, and
 * a RAW string that merely starts with "=" is text under every render option (and stringValue,
 * never formulaValue, in the grid data), so a formula-injection check sees what Google would.
 */
const MAYA = 'maya@brightwave-agency.com';
const HYPERLINK = '=HYPERLINK("https://evil.example/x","click me")';

let emu: GoogleEmulator;
let api: sheets_v4.Sheets;
let id: string;

beforeAll(async () => {
  emu = await startGoogleEmulator();
  const { access_token } = await emu.issueTokens(MAYA);
  const auth = new OAuth2Client();
  auth.setCredentials({ access_token });
  api = sheets({ version: 'v4', auth, rootUrl: `${emu.url}/` });
  id = (await api.spreadsheets.create({ requestBody: { properties: { title: 'Formula injection' } } })).data.spreadsheetId!;
});
afterAll(() => emu.close());

const write = (range: string, valueInputOption: 'RAW' | 'USER_ENTERED', values: unknown[][]) =>
  api.spreadsheets.values.update({ spreadsheetId: id, range, valueInputOption, requestBody: { values } });
const read = async (range: string, valueRenderOption: 'FORMATTED_VALUE' | 'UNFORMATTED_VALUE' | 'FORMULA') =>
  (await api.spreadsheets.values.get({ spreadsheetId: id, range, valueRenderOption })).data.values;
/** The grid data of one row of the first tab (0-based), as spreadsheets.get gives it. */
const gridRow = async (row: number) =>
  (await api.spreadsheets.get({ spreadsheetId: id, includeGridData: true })).data.sheets![0]!.data![0]!.rowData![row]!.values!;

describe('Sheets emulator: RAW is text, USER_ENTERED parses formulas', () => {
  it('RAW: a string starting with "=" reads back as that string under every render option', async () => {
    await write('Sheet1!A1:C1', 'RAW', [[HYPERLINK, '=1+1', "'quoted"]]);
    for (const render of ['FORMATTED_VALUE', 'UNFORMATTED_VALUE', 'FORMULA'] as const) {
      expect(await read('Sheet1!A1:C1', render), render).toEqual([[HYPERLINK, '=1+1', "'quoted"]]);
    }
    const cells = await gridRow(0);
    expect(cells[0]!.userEnteredValue).toEqual({ stringValue: HYPERLINK });
    expect(cells[0]!.effectiveValue).toEqual({ stringValue: HYPERLINK });
    expect(cells[0]!.formattedValue).toBe(HYPERLINK);
    expect(cells[1]!.userEnteredValue).toEqual({ stringValue: '=1+1' });
  });

  it('USER_ENTERED: a leading "=" is a formula, computed in values and kept as the formula under FORMULA', async () => {
    await write('Sheet1!A2:D2', 'USER_ENTERED', [[HYPERLINK, '=1+2*3', "'=1+1", '=SUM(A1:A3)']]);
    expect(await read('Sheet1!A2:C2', 'FORMULA')).toEqual([[HYPERLINK, '=1+2*3', '=1+1']]);
    expect(await read('Sheet1!A2:C2', 'FORMATTED_VALUE')).toEqual([['click me', '7', '=1+1']]);
    expect(await read('Sheet1!A2:C2', 'UNFORMATTED_VALUE')).toEqual([['click me', 7, '=1+1']]);
    const cells = await gridRow(1);
    expect(cells[0]!.userEnteredValue).toEqual({ formulaValue: HYPERLINK });
    expect(cells[0]!.effectiveValue).toEqual({ stringValue: 'click me' });
    expect(cells[1]!.effectiveValue).toEqual({ numberValue: 7 });
    // an apostrophe makes the rest text, as typed in the UI
    expect(cells[2]!.userEnteredValue).toEqual({ stringValue: '=1+1' });
    // a formula the emulator does not compute is still a formula
    expect(cells[3]!.userEnteredValue).toEqual({ formulaValue: '=SUM(A1:A3)' });
  });

  it('batchUpdate updateCells: stringValue stays text, formulaValue is a formula', async () => {
    await api.spreadsheets.batchUpdate({
      spreadsheetId: id,
      requestBody: {
        requests: [
          {
            updateCells: {
              start: { sheetId: 0, rowIndex: 2, columnIndex: 0 },
              fields: 'userEnteredValue',
              rows: [{ values: [{ userEnteredValue: { stringValue: '=2+2' } }, { userEnteredValue: { formulaValue: '=2+2' } }] }],
            },
          },
        ],
      },
    });
    expect(await read('Sheet1!A3:B3', 'FORMATTED_VALUE')).toEqual([['=2+2', '4']]);
    expect(await read('Sheet1!A3:B3', 'FORMULA')).toEqual([['=2+2', '=2+2']]);
  });
});

describe('formula results the emulator computes', () => {
  it.each([
    ['=HYPERLINK("https://x.example")', 'https://x.example'],
    ['=hyperlink("https://x.example"; "label")', 'label'],
    ['="a ""quoted"" "&"b"', 'a "quoted" b'],
    ['=-(2+3)*4/8', -2.5],
    ['=TRUE', true],
    ['=1/0', '#DIV/0!'],
    ['="x"+1', '#VALUE!'],
    ['=A1', '#NAME?'],
    ['=SUM(1,2)', '#NAME?'],
    ['=1+', '#ERROR!'],
    [`=${'('.repeat(10_000)}1${')'.repeat(10_000)}`, '#ERROR!'],
    [`=${'-'.repeat(10_000)}1`, '#ERROR!'],
  ])('%s reads %j', async (formula, expected) => {
    await write('Sheet1!Z1', 'USER_ENTERED', [[formula]]);
    expect(await read('Sheet1!Z1', 'UNFORMATTED_VALUE')).toEqual([[expected]]);
    expect(await read('Sheet1!Z1', 'FORMULA')).toEqual([[formula]]);
  });
});
