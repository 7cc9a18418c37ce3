/** Not in spec: the quiet sign that an open screen just took in a change made elsewhere. */
export const UPDATED_JUST_NOW = 'Updated just now';

/** Always mounted, so screen readers announce the text when it appears. */
export const UpdatedCue = ({ shown }: { shown: boolean }) => (
  <span role="status" data-testid="updated-cue" className="inline-flex min-h-5 items-center gap-1.5 text-xs font-medium text-emerald-700">
    {shown ? (
      <>
        <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-500" />
        {UPDATED_JUST_NOW}
      </>
    ) : null}
  </span>
);
