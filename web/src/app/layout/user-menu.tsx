import { ChevronDown } from 'lucide-react';
import { useRef, useState, type ComponentType } from 'react';
import { messages } from '../../../../shared/messages';
import { useAuthStatus } from '../../features/auth/api/get-auth-status';
import type { UserMenuDropdownProps } from './user-menu-dropdown';

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

const TRIGGER =
  'flex items-center gap-2 rounded-full p-1 pr-2 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600';

// The menu's code (Radix's dropdown, its positioning and focus handling: ~25 KB brotli) is loaded
// when the pointer reaches the button, it gets the focus, or it is clicked; every page shows the
// button, few visits open the menu (bench/spa.ts).
const loadDropdown = () => import('./user-menu-dropdown');

type Loaded = { Dropdown: ComponentType<UserMenuDropdownProps>; open: boolean; focusTrigger: boolean };

export const UserMenu = () => {
  const { data } = useAuthStatus();
  const user = data?.user;
  const label = user?.name || user?.email || '';
  // The name its people gave the agency; the slug only when the server has no other.
  const agencyName = data?.agency_display_name || data?.agency_name;
  const [loaded, setLoaded] = useState<Loaded>();
  const loading = useRef(false);
  // Pressed before the menu's code arrived: the menu opens when it does (Radix opens on press).
  const pressed = useRef(false);
  const button = useRef<HTMLButtonElement>(null);

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    loadDropdown().then(
      ({ UserMenuDropdown }) =>
        setLoaded({
          Dropdown: UserMenuDropdown,
          open: pressed.current,
          // An open menu takes the focus itself; a closed one leaves it on its trigger.
          focusTrigger: !pressed.current && document.activeElement === button.current,
        }),
      () => {
        // Asked again at the next reach for the menu.
        loading.current = false;
      },
    );
  };
  const press = () => {
    pressed.current = true;
    load();
  };

  const trigger = (
    <>
      <Avatar picture={user?.picture} label={label || '?'} />
      <span className="hidden max-w-40 truncate sm:inline">{label}</span>
      <ChevronDown className="h-4 w-4 text-slate-400" aria-hidden="true" />
      {/* Named by what it shows plus its purpose, so the spoken name contains the visible one. */}
      <span className="sr-only">{messages.nav.userMenu}</span>
    </>
  );

  if (loaded) {
    return (
      <loaded.Dropdown
        trigger={trigger}
        triggerClassName={TRIGGER}
        label={label}
        email={user?.email}
        name={user?.name}
        agencyName={agencyName}
        defaultOpen={loaded.open}
        focusTrigger={loaded.focusTrigger}
      />
    );
  }
  return (
    <button
      ref={button}
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={TRIGGER}
      onPointerEnter={load}
      onFocus={load}
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) press();
      }}
      // Enter and Space (a click without a press)
      onClick={press}
    >
      {trigger}
    </button>
  );
};
