import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { cardActions } from './card-actions';
import { driveFolderUrl, fetchGoogleLinksBase, setGoogleLinksBase, spreadsheetUrl } from '../../../lib/drive-links';
import { testCampaign } from '../../../testing/campaign-fakes';

const VIEWER = 'http://127.0.0.1:4010/viewer';

afterEach(() => setGoogleLinksBase(null));

describe('drive links', () => {
  it("lead to Google's sites by default, with the Drive account as authuser (0 without one)", () => {
    expect(driveFolderUrl('folder 1', 'ops@acme.test')).toBe('https://drive.google.com/drive/folders/folder%201?authuser=ops%40acme.test');
    expect(spreadsheetUrl('sheet-1')).toBe('https://docs.google.com/spreadsheets/d/sheet-1/edit?authuser=0');
  });

  it("lead to the emulator's viewer when the server says so, without authuser", () => {
    setGoogleLinksBase(`${VIEWER}/`);
    expect(driveFolderUrl('folder-1', 'ops@acme.test')).toBe(`${VIEWER}/drive/folders/folder-1`);
    expect(spreadsheetUrl('sheet/1')).toBe(`${VIEWER}/spreadsheets/sheet%2F1`);
    expect(cardActions(testCampaign()).map((action) => action.href)).toEqual([
      `${VIEWER}/drive/folders/folder-1`,
      `${VIEWER}/spreadsheets/sheet-inf`,
      `${VIEWER}/spreadsheets/sheet-out`,
    ]);
    setGoogleLinksBase(null);
    expect(driveFolderUrl('folder-1')).toBe('https://drive.google.com/drive/folders/folder-1?authuser=0');
  });

  it('reads google_links_base from GET /api/v3/system/connection, once, without retries', async () => {
    const connection = { success: true, status: 'connected', agency_name: 'acme', google_connected: true, openai_configured: true };
    const get = vi.fn().mockResolvedValue({ ...connection, google_links_base: VIEWER });
    expect(await fetchGoogleLinksBase(get)).toBe(VIEWER);
    expect(get).toHaveBeenCalledWith('/api/v3/system/connection', expect.objectContaining({ retry: false }));
    expect(await fetchGoogleLinksBase(vi.fn().mockResolvedValue({ ...connection, google_links_base: null }))).toBeNull();
    // An older server without the field: Google.
    expect(await fetchGoogleLinksBase(vi.fn().mockResolvedValue(connection))).toBeNull();
  });

  it('falls back to Google when the server cannot say', async () => {
    expect(await fetchGoogleLinksBase(vi.fn().mockRejectedValue(new ApiError(401, 'Unauthorized')))).toBeNull();
    expect(await fetchGoogleLinksBase(vi.fn().mockResolvedValue(undefined))).toBeNull();
    expect(await fetchGoogleLinksBase(vi.fn().mockResolvedValue({ google_links_base: 42 }))).toBeNull();
  });
});
