import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Brings the part a link names (/settings#connected-mailboxes, from the dashboard) into view:
 * the router changes the page without the browser's own jump to the fragment.
 */
export const useScrollToHash = () => {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash]);
};
