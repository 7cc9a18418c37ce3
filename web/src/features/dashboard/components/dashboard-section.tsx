import { useId, type ReactNode } from 'react';

/**
 * A titled dashboard section, exposed as a named region. The title is deliberately not a
 * heading element: "Real-time Email Processing" and "Past Email Processing" would otherwise also
 * match a search for the page heading "Email Processing" (role queries match substrings).
 */
export const DashboardSection = ({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) => {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <div>
        <p id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </p>
        <p className="text-sm text-slate-500">{subtitle}</p>
      </div>
      {children}
    </section>
  );
};
