import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../identity/drive', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../identity/drive')>()),
  getDriveAssets: vi.fn(async () => undefined),
}));

const { logger } = await import('../logger');
const { checkDriveHealth } = await import('./agency-drive');

afterEach(() => vi.restoreAllMocks());

describe('checkDriveHealth', () => {
  it('only logs a warning when the agency has no Drive ids, and answers unhealthy', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    await expect(checkDriveHealth('brightwave')).resolves.toMatchObject({
      healthy: false,
      threadline_folder: { id: null, exists: false },
      campaigns_tracker: { id: null, exists: false },
    });
    expect(warn).toHaveBeenCalledWith('agency drive ids missing', { agency: 'brightwave', missing: ['threadline_folder', 'campaigns_tracker'] });
  });
});
