import { AlertCircle, CheckCircle2, Info, TriangleAlert, X } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { TIMING } from '../../../../shared/constants';
import { messages } from '../../../../shared/messages';
import { cn } from '../../lib/cn';

export type NotificationType = 'success' | 'error' | 'warning' | 'info';

export type Notification = {
  id: string;
  type: NotificationType;
  title: string;
  message?: string;
  timestamp: number;
  autoHide: boolean;
};

export type NotifyInput = {
  type: NotificationType;
  title: string;
  message?: string;
  /** Defaults to true, except for errors, which stay until dismissed. */
  autoHide?: boolean;
};

type Listener = () => void;

let items: readonly Notification[] = [];
const listeners = new Set<Listener>();
let counter = 0;

const emit = () => {
  for (const listener of listeners) listener();
};

export const notificationStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => items,
  add(input: NotifyInput): string {
    counter += 1;
    const id = `n${Date.now().toString(36)}${counter}`;
    const notification: Notification = {
      id,
      type: input.type,
      title: input.title,
      message: input.message,
      timestamp: Date.now(),
      autoHide: input.autoHide ?? input.type !== 'error',
    };
    items = [...items, notification];
    emit();
    return id;
  },
  dismiss(id: string) {
    items = items.filter((item) => item.id !== id);
    emit();
  },
  clear() {
    items = [];
    emit();
  },
};

export const notify = (input: NotifyInput) => notificationStore.add(input);

/** The generic wrapper: an error toast "Error" / "Operation failed" unless told otherwise. */
export const notifyFailure = (error: unknown, title: string = messages.notifications.genericErrorTitle) =>
  notify({
    type: 'error',
    title,
    message: error instanceof Error && error.message ? error.message : messages.notifications.genericError,
  });

export const useNotifications = () =>
  useSyncExternalStore(notificationStore.subscribe, notificationStore.getSnapshot, notificationStore.getSnapshot);

const STYLES: Record<NotificationType, string> = {
  success: 'border-green-200 text-green-800',
  error: 'border-red-200 text-red-800',
  warning: 'border-amber-200 text-amber-800',
  info: 'border-blue-200 text-blue-800',
};
/** Not in the spec: the accessible name of the toast list. */
const NOTIFICATIONS_LABEL = 'Notifications';

const ICONS = { success: CheckCircle2, error: AlertCircle, warning: TriangleAlert, info: Info } as const;

const Toast = ({ notification }: { notification: Notification }) => {
  const { id, autoHide, type, title, message } = notification;
  useEffect(() => {
    if (!autoHide) return;
    const timer = setTimeout(() => notificationStore.dismiss(id), TIMING.notificationAutoHideMs);
    return () => clearTimeout(timer);
  }, [id, autoHide]);
  const Icon = ICONS[type];
  // The <li> keeps its list-item role (axe "list"): the list is the polite live region, and an
  // error's content is an alert inside it, announced at once.
  return (
    <li
      data-type={type}
      className={cn('pointer-events-auto flex w-80 max-w-full items-start gap-3 rounded-lg border bg-white p-4 shadow-lg', STYLES[type])}
    >
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1 text-sm break-words" role={type === 'error' ? 'alert' : undefined}>
        <p className="font-semibold text-slate-900">{title}</p>
        {message ? <p className="mt-0.5 text-slate-600">{message}</p> : null}
      </div>
      <button
        type="button"
        onClick={() => notificationStore.dismiss(id)}
        aria-label={messages.notifications.dismiss}
        className="rounded p-0.5 text-slate-500 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </li>
  );
};

export const Notifications = () => {
  const notifications = useNotifications();
  return (
    <ol
      aria-live="polite"
      aria-label={NOTIFICATIONS_LABEL}
      className="pointer-events-none fixed top-4 right-4 left-4 z-50 flex flex-col items-end gap-2 sm:left-auto"
    >
      {notifications.map((notification) => (
        <Toast key={notification.id} notification={notification} />
      ))}
    </ol>
  );
};
