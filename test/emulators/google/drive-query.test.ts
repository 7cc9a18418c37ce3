import { describe, expect, it } from 'vitest';
import { DriveQueryError, evalDriveQuery, parseDriveQuery, type DriveQueryView } from './drive-query';
import { applyFields, FieldsSyntaxError, parseFields } from './fields';

const file = (over: Partial<DriveQueryView> = {}): DriveQueryView => ({
  name: 'Outreach Tracker – Glow',
  mimeType: 'application/vnd.google-apps.spreadsheet',
  parents: ['folder1'],
  owners: ['maya@brightwave-agency.com'],
  writers: ['maya@brightwave-agency.com', 'daniel@brightwave-agency.com'],
  readers: ['maya@brightwave-agency.com', 'daniel@brightwave-agency.com'],
  trashed: false,
  starred: false,
  modifiedTime: Date.parse('2026-11-10T10:00:00Z'),
  createdTime: Date.parse('2026-11-01T10:00:00Z'),
  sharedWithMe: false,
  properties: { campaign: 'glow-serum-q1' },
  appProperties: {},
  ...over,
});
const q = (s: string, f = file()) => evalDriveQuery(parseDriveQuery(s), f);

describe('Drive q', () => {
  it('evaluates parents, mimeType, trashed, name with and/or/not', () => {
    expect(q("'folder1' in parents and trashed = false")).toBe(true);
    expect(q("'folder2' in parents or mimeType = 'application/vnd.google-apps.spreadsheet'")).toBe(true);
    expect(q("mimeType != 'application/vnd.google-apps.folder' and not trashed = true")).toBe(true);
    expect(q("name = 'Outreach Tracker – Glow'")).toBe(true);
    expect(q("name = 'outreach tracker – glow'")).toBe(false);
    expect(q("(name = 'x' or name = 'Outreach Tracker – Glow') and 'folder1' in parents")).toBe(true);
  });
  it('does prefix matching for name contains', () => {
    expect(q("name contains 'Outreach'")).toBe(true);
    expect(q("name contains 'track'")).toBe(true);
    expect(q("name contains 'racker'")).toBe(false);
  });
  it('handles escapes, owners/writers, times and properties', () => {
    expect(q("name = 'It\\'s'", file({ name: "It's" }))).toBe(true);
    expect(q("'daniel@brightwave-agency.com' in writers")).toBe(true);
    expect(q("'daniel@brightwave-agency.com' in owners")).toBe(false);
    expect(q("modifiedTime > '2026-11-05T00:00:00'")).toBe(true);
    expect(q("createdTime >= '2026-11-02T00:00:00Z'")).toBe(false);
    expect(q("properties has { key='campaign' and value='glow-serum-q1' }")).toBe(true);
    expect(q('starred = true')).toBe(false);
  });
  it('rejects invalid queries', () => {
    for (const bad of ["name = 'x' and", 'trashed = maybe', "name > 'x'", "'x' in nowhere", "name = 'unterminated", 'foo = 1', "mimeType = folder"]) {
      expect(() => parseDriveQuery(bad), bad).toThrow(DriveQueryError);
    }
  });
});

describe('fields masks', () => {
  const body = { kind: 'drive#fileList', nextPageToken: 'n', files: [{ id: '1', name: 'a', parents: ['p'], owners: [{ emailAddress: 'x', me: true }] }] };
  it('selects nested fields and arrays', () => {
    expect(applyFields(body, parseFields('files(id,owners(emailAddress)),nextPageToken'))).toEqual({ nextPageToken: 'n', files: [{ id: '1', owners: [{ emailAddress: 'x' }] }] });
    expect(applyFields(body, parseFields('files/id'))).toEqual({ files: [{ id: '1' }] });
    expect(applyFields({ properties: { title: 't', locale: 'en' }, sheets: [{ properties: { title: 'A', index: 0 } }] }, parseFields('properties.title,sheets.properties.title'))).toEqual({ properties: { title: 't' }, sheets: [{ properties: { title: 'A' } }] });
    expect(applyFields(body, parseFields('*'))).toBe(body);
  });
  it('rejects bad masks', () => {
    expect(() => parseFields('files(id')).toThrow(FieldsSyntaxError);
    expect(() => parseFields('a,,b')).toThrow(FieldsSyntaxError);
  });
});
