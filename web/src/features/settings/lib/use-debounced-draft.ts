import { useEffect, useMemo, useRef, useState } from 'react';
import { TIMING } from '../../../../../shared/constants';
import { createDebouncer } from './debounce';

/** What a field's commit makes of the typed text: the text to show after saving, or why nothing was saved. */
export type DraftCommit = string | { error: string };

/**
 * A typed field's text: follows the saved value when that changes (reset, rollback), and hands
 * the text to `commit` after an 800 ms pause, so rules such as clamping apply to what was typed,
 * not to each keystroke ("-3" must not reset at "-"). `commit` returns the text to show after, or
 * the message of the rule the text breaks: then the typed text stays, with the message beside it.
 */
export const useDebouncedDraft = (saved: string, commit: (draft: string) => DraftCommit) => {
  const [draft, setDraft] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const [seen, setSeen] = useState(saved);
  if (saved !== seen) {
    setSeen(saved);
    setDraft(saved);
    setError(null);
  }
  const latestCommit = useRef(commit);
  latestCommit.current = commit;
  const debouncer = useMemo(() => createDebouncer(TIMING.settingsSaveDebounceMs), []);
  useEffect(() => () => debouncer.flush(), [debouncer]);

  const onChange = (next: string) => {
    setDraft(next);
    debouncer.schedule(() => {
      const result = latestCommit.current(next);
      if (typeof result === 'string') {
        setError(null);
        setDraft(result);
      } else setError(result.error);
    });
  };
  return { draft, error, onChange, flush: () => debouncer.flush() };
};
