import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Building2, LogOut } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '../../../../shared/messages';
import { useLogout } from '../../features/auth/api/logout';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100';

export type UserMenuDropdownProps = {
  /** What the trigger shows (avatar, name, chevron, spoken name), drawn by user-menu.tsx. */
  trigger: ReactNode;
  triggerClassName: string;
  label: string;
  email?: string;
  name?: string | null;
  agencyName?: string | null;
  /** The person clicked the trigger before this code was there: open at once. */
  defaultOpen: boolean;
  /** The trigger had the focus before this code was there: the new one takes it. */
  focusTrigger: boolean;
};

/** The user menu itself (Radix dropdown menu), loaded by user-menu.tsx when someone reaches for it. */
export const UserMenuDropdown = ({ trigger, triggerClassName, label, email, name, agencyName, defaultOpen, focusTrigger }: UserMenuDropdownProps) => {
  const logout = useLogout();
  const triggerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTrigger) triggerRef.current?.focus();
  }, [focusTrigger]);

  return (
    // modal={false}: the modal variant locks scrolling with an injected <style>, which the CSP blocks.
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger ref={triggerRef} className={triggerClassName}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-40 w-64 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          <div className="px-2 py-2">
            <p className="truncate text-sm font-medium text-slate-900">{label}</p>
            {name && email ? <p className="truncate text-xs text-slate-500">{email}</p> : null}
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
