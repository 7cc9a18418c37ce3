import { ProcessingStatusBar } from '../../features/processing/components/processing-status-bar';

/** Where the global processing status bar mounts, fixed to the bottom of every top-nav page. */
export const StatusBarSlot = () => (
  <div id="status-bar-slot" className="fixed inset-x-0 bottom-0 z-20">
    <ProcessingStatusBar />
  </div>
);
