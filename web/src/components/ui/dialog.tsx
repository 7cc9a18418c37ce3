import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { messages } from '../../../../shared/messages';
import { cn } from '../../lib/cn';

export type DialogProps = {
  open: boolean;
  /** Called with false on Escape, backdrop click or the close button; the owner decides. */
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
  role?: 'dialog' | 'alertdialog';
  hideClose?: boolean;
};

/**
 * Built on the native <dialog> element: the browser provides the focus trap, inert background
 * and top layer. Radix Dialog's scroll lock injects an inline <style>, which the CSP refuses.
 */
export const Dialog = ({ open, onOpenChange, title, description, children, footer, className, role = 'dialog', hideClose }: DialogProps) => {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // jsdom has no showModal; the open attribute is enough there.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  if (!open) return null;

  return (
    <dialog
      ref={ref}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onOpenChange(false);
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
      className={cn(
        'm-auto w-[calc(100%-2rem)] max-w-lg rounded-lg bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50',
        className,
      )}
    >
      <div className="flex items-start justify-between gap-4 px-6 pt-5">
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {description ? (
            <div id={descriptionId} className="mt-1 text-sm text-slate-600">
              {description}
            </div>
          ) : null}
        </div>
        {hideClose ? null : (
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            aria-label={messages.notifications.dismiss}
            className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        )}
      </div>
      {children ? <div className="px-6 py-4">{children}</div> : null}
      {footer ? <div className="flex justify-end gap-2 border-t border-slate-100 px-6 py-4">{footer}</div> : null}
    </dialog>
  );
};
