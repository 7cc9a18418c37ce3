import type { LucideIcon } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatStatValue, type StatFormat } from '../lib/stat-format';

export type StatCardProps = {
  label: string;
  value: string | number | null | undefined;
  format?: StatFormat;
  icon?: LucideIcon;
  loading?: boolean;
};

export const StatCard = ({ label, value, format = 'number', icon: Icon, loading = false }: StatCardProps) => (
  <Card className="flex items-center gap-4 p-5" data-testid="stat-card">
    {Icon ? (
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
    ) : null}
    <div className="min-w-0">
      <p className="text-sm text-slate-500">{label}</p>
      {loading ? (
        <Skeleton className="mt-1 h-7 w-16" />
      ) : (
        <p className="text-2xl font-semibold text-slate-900 tabular-nums" data-testid="stat-value">
          {formatStatValue(value, format)}
        </p>
      )}
    </div>
  </Card>
);
