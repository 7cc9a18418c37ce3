/**
 * Where the global processing status bar mounts, fixed to the bottom of every top-nav page.
 * The bar itself (polling GET /api/v3/status) lands with the processing issue; until then the
 * slot renders nothing rather than a fake bar.
 */
export const StatusBarSlot = () => <div id="status-bar-slot" className="fixed inset-x-0 bottom-0 z-20" />;
