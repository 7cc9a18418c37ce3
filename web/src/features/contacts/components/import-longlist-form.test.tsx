// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../../../components/ui/notifications';
import { sheetMetadataResponse, trackingResponse } from '../../../../../shared/schemas/campaigns';
import { longlistImportResponse } from '../../../../../shared/schemas/longlist-import';
import { fakeApi, renderAt } from '../../../testing/render';
import { ImportLonglistForm } from './import-longlist-form';

afterEach(() => {
  cleanup();
  notificationStore.clear();
  vi.unstubAllGlobals();
});

const OPTIONS = [{ value: 'summer-25', label: 'summer-25 - Summer Launch' }];
const URL_OK = 'https://docs.google.com/spreadsheets/d/sheet-abc/edit#gid=0';
const METADATA = sheetMetadataResponse.parse({
  success: true,
  status: 'success',
  message: 'ok',
  data: { spreadsheet_name: 'Summer longlist', tabs: [{ name: 'Longlist' }, { name: 'Backup' }] },
});

const setup = (handlers: Parameters<typeof fakeApi>[0] = {}) => {
  const api = fakeApi({
    'GET /api/campaigns/sheet-metadata': () => ({ body: METADATA }),
    'GET /api/campaigns/contacts/tracking': () => ({ body: trackingResponse.parse({ success: true }) }),
    'GET /api/campaigns/list': () => ({ body: { success: true, campaigns: [] } }),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchImpl));
  renderAt(<ImportLonglistForm campaignOptions={OPTIONS} />);
  return { api, user: userEvent.setup() };
};

const button = () => screen.getByRole('button', { name: 'Import Longlist' }) as HTMLButtonElement;
const urlField = () => screen.getByLabelText('Google Sheets URL');
const toasts = () => notificationStore.getSnapshot().map(({ type, title, message }) => ({ type, title, message }));

describe('ImportLonglistForm', () => {
  it('notes the required columns and shows the Tab Name field before any sheet is found', () => {
    setup();
    expect(screen.getByText('Email and Talent/Name (or variations) are required columns')).toBeTruthy();
    expect(screen.getByLabelText('Tab Name').getAttribute('placeholder')).toBe('Sheet1');
    expect(button().disabled).toBe(true);
  });

  it('validates the URL', async () => {
    const { user, api } = setup();
    await user.type(urlField(), 'not a url');
    expect(screen.getByText('Please enter a valid Google Sheets URL')).toBeTruthy();
    await user.clear(urlField());
    await user.type(urlField(), 'https://docs.google.com/spreadsheets/');
    expect(screen.getByText('Invalid Google Sheets URL')).toBeTruthy();
    expect(api.calls.some((c) => c.key === 'GET /api/campaigns/sheet-metadata')).toBe(false);
  });

  it('checks access after a pause, lists the tabs (first by default) and imports', async () => {
    const { user, api } = setup({
      'POST /api/campaigns/import-longlist': () => ({
        body: longlistImportResponse.parse({ success: true, import_id: 'imp-00000001', status: 'succeeded', imported: 5, skipped: 1, duplicates: 2, message: 'Imported 5 contacts', details: {} }),
      }),
    });
    await user.type(urlField(), URL_OK);
    expect(screen.getByText('Validating sheet access...')).toBeTruthy();
    expect(await screen.findByText('✓ Found: Summer longlist', {}, { timeout: 2000 })).toBeTruthy();
    const metadataCalls = api.calls.filter((c) => c.key === 'GET /api/campaigns/sheet-metadata');
    expect(metadataCalls).toHaveLength(1);
    expect((screen.getByLabelText('Sheet Tab') as HTMLSelectElement).value).toBe('Longlist');
    expect(screen.queryByLabelText('Tab Name')).toBeNull();
    expect(button().disabled).toBe(true);
    await user.selectOptions(screen.getByLabelText('Campaign'), 'summer-25');
    expect(button().disabled).toBe(false);
    await user.selectOptions(screen.getByLabelText('Sheet Tab'), 'Backup');
    await user.click(button());
    await waitFor(() => expect(toasts()).toEqual([{ type: 'success', title: 'Longlist Imported', message: 'Imported 5 contacts' }]));
    expect(api.calls.find((c) => c.key === 'POST /api/campaigns/import-longlist')?.body).toEqual({
      campaign_id: 'summer-25',
      source_sheet_id: 'sheet-abc',
      source_tab_name: 'Backup',
    });
    // The form resets.
    expect((urlField() as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Campaign') as HTMLSelectElement).value).toBe('');
    expect(button().disabled).toBe(true);
  });

  it('lists the skipped and duplicate rows with row number and reason until dismissed', async () => {
    const { user } = setup({
      'POST /api/campaigns/import-longlist': () => ({
        body: longlistImportResponse.parse({
          success: true,
          import_id: 'imp-00000002',
          status: 'succeeded',
          imported: 3,
          skipped: 1,
          duplicates: 2,
          message: 'Imported 3 contacts into Summer Launch; 1 skipped, 2 duplicates',
          details: {
            skipped: [{ row: 5, reason: 'Invalid email "<b>nope</b>"' }],
            duplicates: [
              { row: 9, reason: 'Duplicate of row 2 in the sheet', email: 'ana@example.com' },
              { row: 3, reason: 'Already a contact in campaign "summer-25"', email: 'bo@example.com' },
            ],
          },
        }),
      }),
    });
    await user.selectOptions(screen.getByLabelText('Campaign'), 'summer-25');
    await user.type(urlField(), URL_OK);
    await screen.findByText('✓ Found: Summer longlist', {}, { timeout: 2000 });
    await user.click(button());
    const panel = await screen.findByRole('region', { name: 'Import result' });
    expect(within(panel).getByText('Imported 3 contacts into Summer Launch; 1 skipped, 2 duplicates')).toBeTruthy();
    const rows = within(panel)
      .getAllByTestId('import-note')
      .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['3', 'Duplicate', 'Already a contact in campaign "summer-25" (bo@example.com)'],
      ['5', 'Skipped', 'Invalid email "<b>nope</b>"'],
      ['9', 'Duplicate', 'Duplicate of row 2 in the sheet (ana@example.com)'],
    ]);
    // The toast goes; the panel stays, through later typing, until dismissed.
    notificationStore.clear();
    await user.type(urlField(), 'x');
    expect(screen.getByRole('region', { name: 'Import result' })).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Dismiss import result' }));
    expect(screen.queryByRole('region', { name: 'Import result' })).toBeNull();
  });

  it('follows a long import in the background: progress, then the result', async () => {
    const running = (processed: number) =>
      longlistImportResponse.parse({
        success: true,
        import_id: 'imp-00000003',
        status: 'running',
        total_rows: 2000,
        processed_rows: processed,
        percent: Math.floor((processed / 2000) * 100),
        skipped: 4,
        message: `Importing into Summer Launch: ${processed} of 2000 rows`,
      });
    let polls = 0;
    const { user, api } = setup({
      'POST /api/campaigns/import-longlist': () => ({ body: running(0) }),
      'GET /api/campaigns/import-longlist/imp-00000003': () => {
        polls += 1;
        if (polls < 2) return { body: running(1000) };
        return {
          body: longlistImportResponse.parse({
            success: true,
            import_id: 'imp-00000003',
            status: 'succeeded',
            total_rows: 2000,
            processed_rows: 2000,
            percent: 100,
            imported: 2000,
            skipped: 4,
            message: 'Imported 2000 contacts into Summer Launch; 4 skipped, 0 duplicates',
            details: { skipped: [{ row: 7, reason: 'Missing email' }] },
          }),
        };
      },
    });
    await user.selectOptions(screen.getByLabelText('Campaign'), 'summer-25');
    await user.type(urlField(), URL_OK);
    await screen.findByText('✓ Found: Summer longlist', {}, { timeout: 2000 });
    await user.click(button());
    const progress = await screen.findByRole('progressbar', { name: 'Import progress' });
    await waitFor(() => expect((progress as HTMLProgressElement).value).toBe(50), { timeout: 3000 });
    expect(screen.getByText('Importing into Summer Launch: 1000 of 2000 rows')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Importing...' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(toasts()).toEqual([{ type: 'success', title: 'Longlist Imported', message: 'Imported 2000 contacts into Summer Launch; 4 skipped, 0 duplicates' }]), {
      timeout: 4000,
    });
    const panel = screen.getByRole('region', { name: 'Import result' });
    expect(within(panel).getAllByTestId('import-note')).toHaveLength(1);
    expect(screen.queryByRole('progressbar', { name: 'Import progress' })).toBeNull();
    expect(api.calls.filter((c) => c.key === 'GET /api/campaigns/import-longlist/imp-00000003').length).toBeGreaterThanOrEqual(2);
  }, 15_000);

  it('toasts the failure of a background import with its reason', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reason = 'The import stopped after repeated errors (Sheets said 500). The contacts imported so far are kept; import the sheet again to add the rest.';
    const { user } = setup({
      'POST /api/campaigns/import-longlist': () => ({
        body: longlistImportResponse.parse({ success: true, import_id: 'imp-00000004', status: 'running', total_rows: 900, processed_rows: 0 }),
      }),
      'GET /api/campaigns/import-longlist/imp-00000004': () => ({
        body: longlistImportResponse.parse({ success: true, import_id: 'imp-00000004', status: 'failed', total_rows: 900, processed_rows: 500, imported: 500, error: reason, message: reason }),
      }),
    });
    await user.selectOptions(screen.getByLabelText('Campaign'), 'summer-25');
    await user.type(urlField(), URL_OK);
    await screen.findByText('✓ Found: Summer longlist', {}, { timeout: 2000 });
    await user.click(button());
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: 'Import Failed', message: reason }]), { timeout: 4000 });
    expect(screen.getByText(reason, { selector: 'form [role="alert"] div' })).toBeTruthy();
  }, 15_000);

  it('says when the sheet is not shared with the account', async () => {
    const { user } = setup({
      'GET /api/campaigns/sheet-metadata': () => ({ status: 403, body: { success: false, error: 'No permission to access this sheet' } }),
    });
    await user.selectOptions(screen.getByLabelText('Campaign'), 'summer-25');
    await user.type(urlField(), URL_OK);
    expect(await screen.findByText('❌ No permission to access this sheet', {}, { timeout: 2000 })).toBeTruthy();
    expect(button().disabled).toBe(true);
  });

  it('says when the sheet is gone', async () => {
    const { user } = setup({
      'GET /api/campaigns/sheet-metadata': () => ({ status: 404, body: { success: false, error: 'Sheet not found or deleted' } }),
    });
    await user.type(urlField(), URL_OK);
    expect(await screen.findByText('❌ Sheet not found or deleted', {}, { timeout: 2000 })).toBeTruthy();
  });

  it('toasts "Import Failed" and shows the error in a banner', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup({
      'POST /api/campaigns/import-longlist': () => ({ status: 500, body: {} }),
    });
    await user.selectOptions(screen.getByLabelText('Campaign'), 'summer-25');
    await user.type(urlField(), URL_OK);
    await screen.findByText('✓ Found: Summer longlist', {}, { timeout: 2000 });
    await user.click(button());
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: 'Import Failed', message: 'Request failed' }]));
    expect(screen.getByText('Request failed', { selector: 'form [role="alert"] div' })).toBeTruthy();
    // The form keeps its values for a retry.
    expect((urlField() as HTMLInputElement).value).toBe(URL_OK);
  });
});
