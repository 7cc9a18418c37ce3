import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { messages } from '../../../../shared/messages';
import { queueText } from '../../features/conversations/lib/queue-text';
import { cn } from '../../lib/cn';
import { prefetchPage, type NavPath } from './prefetch';
import { UserMenu } from './user-menu';

type NavItem = { to: string; label: string; prefetch: (client: QueryClient) => Promise<unknown> };

const page = (path: NavPath) => (client: QueryClient) => prefetchPage(client, path);

// The queues page is loaded on demand, and so is its prefetch (it brings the conversation schemas).
const queues = (client: QueryClient) => import('../../features/conversations/lib/queue-prefetch').then((module) => module.prefetchQueues(client));

const LINKS: readonly NavItem[] = [
  { to: '/', label: messages.nav.emailProcessing, prefetch: page('/') },
  { to: '/campaigns', label: messages.nav.campaigns, prefetch: page('/campaigns') },
  { to: '/contacts', label: messages.nav.contacts, prefetch: page('/contacts') },
  { to: '/queues', label: queueText.navLabel, prefetch: queues },
  { to: '/settings', label: messages.nav.settings, prefetch: page('/settings') },
];

/** Not in the spec: the accessible names of the phone menu button. */
export const NAV_MENU_TEXT = { open: 'Open navigation menu', close: 'Close navigation menu' } as const;

const FOCUS_RING = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
    FOCUS_RING,
    isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  );

export const TopNav = () => {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);

  const prefetch = (link: NavItem) => {
    // A failed prefetch is harmless: the page fetches again and shows its own error.
    void link.prefetch(queryClient).catch(() => undefined);
  };

  // The phone menu closes on navigation (a link, the browser's back button, anything else).
  useEffect(() => setOpen(false), [pathname]);

  // ...and on Escape (focus back on its button) or a click outside the header.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && headerRef.current?.contains(event.target)) return;
      setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const links = (onNavigate?: () => void) =>
    LINKS.map((link) => (
      <NavLink
        key={link.to}
        to={link.to}
        end={link.to === '/'}
        onMouseEnter={() => prefetch(link)}
        onFocus={() => prefetch(link)}
        onClick={onNavigate}
        className={linkClass}
      >
        {link.label}
      </NavLink>
    ));

  return (
    <header ref={headerRef} className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 md:gap-6">
        <NavLink to="/" className={cn('flex min-w-0 items-center gap-2 rounded-md font-semibold text-slate-900', FOCUS_RING)}>
          <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-indigo-600 text-white" aria-hidden="true">
            T
          </span>
          <span className="truncate">{messages.product.name}</span>
        </NavLink>
        <nav aria-label="Main" className="hidden flex-1 items-center gap-1 md:flex">
          {links()}
        </nav>
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <UserMenu />
          <button
            ref={buttonRef}
            type="button"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? NAV_MENU_TEXT.close : NAV_MENU_TEXT.open}
            onClick={() => setOpen((value) => !value)}
            className={cn('flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden', FOCUS_RING)}
          >
            {open ? <X className="h-5 w-5" aria-hidden="true" /> : <Menu className="h-5 w-5" aria-hidden="true" />}
          </button>
        </div>
      </div>
      {/* Always rendered (hidden when closed) so aria-controls names an element. */}
      <nav id={menuId} aria-label="Main" hidden={!open} className="border-t border-slate-200 px-4 py-2 sm:px-6 md:hidden">
        <div className="flex flex-col gap-1">
          {links(() => {
            setOpen(false);
            buttonRef.current?.focus();
          })}
        </div>
      </nav>
    </header>
  );
};
