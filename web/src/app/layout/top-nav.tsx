import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { NavLink } from 'react-router-dom';
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

export const TopNav = () => {
  const queryClient = useQueryClient();
  const prefetch = (link: NavItem) => {
    // A failed prefetch is harmless: the page fetches again and shows its own error.
    void link.prefetch(queryClient).catch(() => undefined);
  };
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6">
        <NavLink to="/" className="flex items-center gap-2 font-semibold text-slate-900">
          <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-indigo-600 text-white" aria-hidden="true">
            T
          </span>
          {messages.product.name}
        </NavLink>
        <nav aria-label="Main" className="flex flex-1 items-center gap-1 overflow-x-auto">
          {LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.to === '/'}
              onMouseEnter={() => prefetch(link)}
              onFocus={() => prefetch(link)}
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                  isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <UserMenu />
      </div>
    </header>
  );
};
