import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';

export const SettingsCard = ({ title, description, children }: { title: string; description?: string; children: ReactNode }) => (
  <Card>
    <section aria-label={title}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="space-y-5">{children}</CardContent>
    </section>
  </Card>
);

/** Stands in for a part that is still loading. */
export const SettingsSkeleton = ({ rows = 2 }: { rows?: number }) => (
  <div className="space-y-3" data-testid="settings-skeleton">
    {Array.from({ length: rows }, (_, index) => (
      <Skeleton key={index} className="h-10 w-full" />
    ))}
  </div>
);
