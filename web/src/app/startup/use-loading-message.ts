import { useEffect, useState } from 'react';
import { TIMING } from '../../../../shared/constants';
import { messages } from '../../../../shared/messages';

export type LoadingStage = 'normal' | 'slow' | 'very-slow';

export const loadingMessage = (stage: LoadingStage): string =>
  stage === 'very-slow' ? messages.startup.verySlow : stage === 'slow' ? messages.startup.slow : messages.startup.loading;

/** The startup text, which admits the wait after 30 s and again after 60 s. */
export const useLoadingMessage = (): string => {
  const [stage, setStage] = useState<LoadingStage>('normal');
  useEffect(() => {
    const slow = setTimeout(() => setStage('slow'), TIMING.loadingSlowMs);
    const verySlow = setTimeout(() => setStage('very-slow'), TIMING.loadingVerySlowMs);
    return () => {
      clearTimeout(slow);
      clearTimeout(verySlow);
    };
  }, []);
  return loadingMessage(stage);
};
