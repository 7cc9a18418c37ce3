import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

export type ProcessCardProps = {
  title: string;
  icon: LucideIcon;
  children: ReactNode;
  actionLabel: string;
  onAction: () => void;
  /** Missing input, or a job already runs. */
  disabled: boolean;
  busy: boolean;
};

/** One "Past Email Processing" card: a title, its input and its own button. */
export const ProcessCard = ({ title, icon: Icon, children, actionLabel, onAction, disabled, busy }: ProcessCardProps) => (
  <Card className="flex flex-col gap-4 p-5">
    <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
      <Icon className="h-4 w-4 text-indigo-600" aria-hidden="true" />
      {title}
    </h3>
    <div className="flex-1">{children}</div>
    <Button onClick={onAction} disabled={disabled} loading={busy} className="self-start">
      {actionLabel}
    </Button>
  </Card>
);
