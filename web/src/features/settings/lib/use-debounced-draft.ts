import { useEffect, useMemo, useRef, useState } from 'react';
import { TIMING } from '../../../../../shared/constants';
import { createDebouncer } from './debounce';

/**
 * A typed field's text: follows the saved value when that changes (reset, rollback), and hands
 * the text to `commit` after an 800 ms pause, so rules such as clamping apply to what was typed,
 * not to each keystroke ("-3" must not reset at "-"). `commit` returns the text to show after.
 */
export const useDebouncedDraft = (saved: string, commit: (draft: string) => string) => {
  const [draft, setDraft] = useState(saved);
  const [seen, setSeen] = useState(saved);
  if (saved !== seen) {
    setSeen(saved);
    setDraft(saved);
  }
  const latestCommit = useRef(commit);
  latestCommit.current = commit;
  const debouncer = useMemo(() => createDebouncer(TIMING.settingsSaveDebounceMs), []);
  useEffect(() => () => debouncer.flush(), [debouncer]);

  const onChange = (next: string) => {
    setDraft(next);
    debouncer.schedule(() => setDraft(latestCommit.current(next)));
  };
  return { draft, onChange, flush: () => debouncer.flush() };
};
