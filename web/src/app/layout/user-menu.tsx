import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Building2, ChevronDown, LogOut } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '../../../../shared/messages';
import { useAuthStatus } from '../../features/auth/api/get-auth-status';
import { useLogout } from '../../features/auth/api/logout';

const Avatar = ({ picture, label }: { picture?: string | null; label: string }) => {
  const [broken, setBroken] = useState(false);
  if (picture && !broken) {
    // no-referrer: Google profile pictures refuse some referrers.
    return (
      <img
        src={picture}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
        className="h-8 w-8 rounded-full object-cover"
      />
    );
  }
  return (
    <span className="flex h-8 w-8 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700">
      {label.charAt(0).toUpperCase()}
    </span>
  );
};

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100';

export const UserMenu = () => {
  const { data } = useAuthStatus();
  const logout = useLogout();
  const user = data?.user;
  const label = user?.name || user?.email || '';
  // The name its people gave the agency; the slug only when the server has no other.
  const agencyName = data?.agency_display_name || data?.agency_name;

  return (
    // modal={false}: the modal variant locks scrolling with an injected <style>, which the CSP blocks.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="flex items-center gap-2 rounded-full p-1 pr-2 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <Avatar picture={user?.picture} label={label || '?'} />
        <span className="hidden max-w-40 truncate sm:inline">{label}</span>
        <ChevronDown className="h-4 w-4 text-slate-400" aria-hidden="true" />
        {/* Named by what it shows plus its purpose, so the spoken name contains the visible one. */}
        <span className="sr-only">{messages.nav.userMenu}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-40 w-64 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          <div className="px-2 py-2">
            <p className="truncate text-sm font-medium text-slate-900">{label}</p>
            {user?.name && user.email ? <p className="truncate text-xs text-slate-500">{user.email}</p> : null}
            {agencyName ? (
              <p className="mt-1 flex items-center gap-1 truncate text-xs text-slate-600" data-testid="current-agency">
                <Building2 className="h-3 w-3" aria-hidden="true" />
                {agencyName}
              </p>
            ) : null}
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item asChild className={ITEM}>
            <Link to="/agencies">
              <Building2 className="h-4 w-4" aria-hidden="true" />
              {messages.nav.manageAgencies}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={ITEM}
            disabled={logout.isPending}
            onSelect={() => {
              logout.mutate();
            }}
          >
            <LogOut className="h-4 w-4" aria-hidden="true" />
            {messages.nav.logOut}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
};
