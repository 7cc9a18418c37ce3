import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { messages } from '../../../../shared/messages';
import { Button } from './button';
import { Dialog } from './dialog';

export type ConfirmOptions = {
  title?: string;
  message: ReactNode;
  /** Listed under "This will affect:". */
  details?: readonly string[];
  confirmText?: string;
  cancelText?: string;
  variant?: 'default' | 'danger';
};

type ConfirmDialogProps = ConfirmOptions & {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export const ConfirmDialog = ({
  open,
  title = messages.confirm.defaultTitle,
  message,
  details,
  confirmText = messages.confirm.confirm,
  cancelText = messages.confirm.cancel,
  variant = 'default',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) => (
  <Dialog
    open={open}
    role="alertdialog"
    onOpenChange={(next) => {
      if (!next) onCancel();
    }}
    title={title}
    hideClose
    footer={
      <>
        <Button variant="outline" onClick={onCancel}>
          {cancelText}
        </Button>
        <Button variant={variant === 'danger' ? 'danger' : 'primary'} onClick={onConfirm}>
          {confirmText}
        </Button>
      </>
    }
  >
    <div className="text-sm text-slate-700">{message}</div>
    {details && details.length > 0 ? (
      <div className="mt-3">
        <p className="text-sm font-medium text-slate-900">{messages.confirm.affects}</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-600">
          {details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      </div>
    ) : null}
  </Dialog>
);

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** One dialog for the whole app; `confirm()` resolves true on confirm and false on cancel. */
export const ConfirmProvider = ({ children }: { children: ReactNode }) => {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((value: boolean) => void) | null>(null);

  const settle = useCallback((value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOptions(null);
  }, []);

  const confirm = useCallback<Confirm>((next) => {
    // A second request replaces the first, which counts as cancelled.
    resolver.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {options ? <ConfirmDialog open {...options} onConfirm={() => settle(true)} onCancel={() => settle(false)} /> : null}
    </ConfirmContext.Provider>
  );
};

export const useConfirm = (): Confirm => {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside ConfirmProvider');
  return confirm;
};
