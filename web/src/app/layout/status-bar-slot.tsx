import { ProcessingStatusBar } from '../../features/processing/components/processing-status-bar';

/**
 * Where the global processing status bar (and a finished job's result above it) mounts, fixed to
 * the bottom of every top-nav page. The slot itself lets clicks through to the page; only the bar
 * and the result take them.
 */
export const StatusBarSlot = () => (
  <div id="status-bar-slot" className="pointer-events-none fixed inset-x-0 bottom-0 z-20">
    <ProcessingStatusBar />
  </div>
);
