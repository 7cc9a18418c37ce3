// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAt } from '../../../testing/render';
import { ModelWarningBanner } from './model-warning-banner';

const connection = (model_warnings: unknown[]) => ({
  body: { success: true, status: 'connected', agency_name: 'a', google_connected: true, openai_configured: true, google_links_base: null, model_warnings },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ModelWarningBanner', () => {
  it('names the old and the new model of each replaced purpose', async () => {
    const api = fakeApi({
      'GET /api/v3/system/connection': () =>
        connection([{ purpose: 'individual_message_summary', old_model: 'gpt-5-nano', new_model: 'gpt-5.4-nano', reason: 'retired', since: '2026-12-12T09:00:00Z' }]),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchImpl));
    renderAt(<ModelWarningBanner />);
    const list = await screen.findByTestId('dashboard-model-warnings');
    expect(list.textContent).toContain('gpt-5-nano has been shut down, so gpt-5.4-nano is being used instead');
  });

  it('shows nothing without warnings', async () => {
    const api = fakeApi({ 'GET /api/v3/system/connection': () => connection([]) });
    vi.stubGlobal('fetch', vi.fn(api.fetchImpl));
    const { container } = renderAt(<ModelWarningBanner />);
    await vi.waitFor(() => expect(api.calls.length).toBe(1));
    expect(container.querySelector('[data-testid="dashboard-model-warnings"]')).toBeNull();
  });
});
