import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { truth } from '../fixtures/seed';
import { boot, client } from './harness';
import { createAgency, signIn } from './identity-helpers';

describe('npm start keeps everything across a restart', () => {
  it('the session, the agency, its Drive folder and tracker, and the Google grant all survive', async () => {
    const first = await boot({ emulators: { persist: true } });
    const owner = await signIn(first.runtime, truth.longlist.owner);
    await createAgency(owner, 'Restart Agency');
    const before = await owner.api.get<{ healthy: boolean; threadline_folder: { id: string }; campaigns_tracker: { id: string } }>('/api/campaigns/drive/health');
    expect(before.body.healthy).toBe(true);
    await first.stop({ keepData: true });

    const second = await boot({ dataDir: first.dataDir, emulators: { persist: true } });
    try {
      const again = client(second.runtime, owner.token);
      const status = await again.get<{ authenticated: boolean; agency_name: string }>('/auth/status');
      expect(status.body).toMatchObject({ authenticated: true, agency_name: 'restart-agency' });
      const after = await again.get<{ healthy: boolean; recovered: boolean; threadline_folder: { id: string }; campaigns_tracker: { id: string } }>('/api/campaigns/drive/health');
      // the same folder and tracker, found again (not recreated by startup recovery)
      expect(after.body).toMatchObject({ healthy: true, recovered: false, threadline_folder: { id: before.body.threadline_folder.id }, campaigns_tracker: { id: before.body.campaigns_tracker.id } });
      // the stored Google grant still refreshes: a call that acts as the user succeeds
      const sheet = await again.get(`/api/campaigns/sheet-metadata?sheet_id=${before.body.campaigns_tracker.id}`);
      expect(sheet.status, sheet.text).toBe(200);
    } finally {
      await second.stop();
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });
});
