import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackerRow } from '../campaigns/tracker-row';
import { gmailLink } from '../conversations/process-thread';
import { threadLink } from '../conversations/read-model';
import { driveFolderLink, gmailThreadLink, googleLinksBase, spreadsheetLink } from './links';

const VIEWER = 'http://127.0.0.1:4010/viewer';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('links into Google', () => {
  it("are Google's own URLs without GOOGLE_LINKS_BASE (or with a blank one)", () => {
    vi.stubEnv('GOOGLE_LINKS_BASE', '  ');
    expect(googleLinksBase()).toBeNull();
    expect(driveFolderLink('1abc')).toBe('https://drive.google.com/drive/folders/1abc');
    expect(spreadsheetLink('1sheet')).toBe('https://docs.google.com/spreadsheets/d/1sheet/edit');
    expect(gmailThreadLink('maya@agency.com', '18c1')).toBe('https://mail.google.com/mail/u/maya@agency.com/#all/18c1');
  });

  it("lead to the base (the emulator's viewer) when it is set, every id encoded", () => {
    vi.stubEnv('GOOGLE_LINKS_BASE', `${VIEWER}/`);
    expect(googleLinksBase()).toBe(VIEWER);
    expect(driveFolderLink('1abc')).toBe(`${VIEWER}/drive/folders/1abc`);
    expect(spreadsheetLink('1sheet')).toBe(`${VIEWER}/spreadsheets/1sheet`);
    expect(gmailThreadLink('maya@agency.com', '18c/1')).toBe(`${VIEWER}/mail/maya%40agency.com/thread/18c%2F1`);
  });

  it('are what every server-side link uses: tracker rows, thread links, the stored Gmail link', () => {
    vi.stubEnv('GOOGLE_LINKS_BASE', VIEWER);
    const row = trackerRow({ campaignId: 'c1', campaignName: 'C', clientName: 'X', status: 'active', contactCount: 0, campaignFolderId: 'f1', influencerListSheetId: 's1', outreachTrackerSheetId: 's2' });
    expect(row).toEqual(expect.arrayContaining([`${VIEWER}/drive/folders/f1`, `${VIEWER}/spreadsheets/s1`, `${VIEWER}/spreadsheets/s2`]));
    expect(threadLink('maya@agency.com|18c')?.gmail_url).toBe(`${VIEWER}/mail/maya%40agency.com/thread/18c`);
    expect(gmailLink({ mailbox: 'maya@agency.com', threadId: '18c' })).toBe(`${VIEWER}/mail/maya%40agency.com/thread/18c`);
    vi.unstubAllEnvs();
    vi.stubEnv('GOOGLE_LINKS_BASE', '');
    expect(threadLink('maya@agency.com|18c')?.gmail_url).toBe('https://mail.google.com/mail/u/maya@agency.com/#all/18c');
  });
});
