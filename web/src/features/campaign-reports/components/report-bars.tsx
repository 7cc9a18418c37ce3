import { useId } from 'react';

export type ReportBar = {
  key: string;
  label: string;
  /** the bar's length against `max` */
  value: number;
  /** shown at the bar's end */
  text: string;
  /** 'solid' or 'hatched': told apart by pattern, not colour alone, so they read in grey print */
  fill?: 'solid' | 'hatched' | 'light';
};

/**
 * Horizontal bars drawn as SVG (no chart library: bars are all the report needs, and SVG fills
 * print without "background graphics"). The chart is one image to a screen reader, described by
 * `description`; the table beside it is its text equivalent.
 */
export const ReportBars = ({ bars, description, max = Math.max(1, ...bars.map((bar) => bar.value)) }: { bars: readonly ReportBar[]; description: string; max?: number }) => {
  const hatch = `${useId().replaceAll(':', '')}-hatch`;
  return (
    <div role="img" aria-label={description} className="space-y-1.5">
      {bars.map((bar) => {
        const share = max > 0 ? Math.min(1, bar.value / max) : 0;
        return (
          <div key={bar.key} aria-hidden="true" className="grid grid-cols-[minmax(5rem,8rem)_minmax(0,1fr)_auto] items-center gap-2 text-sm">
            <span className="truncate text-slate-700">{bar.label}</span>
            <svg className="h-5 w-full" viewBox="0 0 100 10" preserveAspectRatio="none" focusable="false">
              <defs>
                <pattern id={hatch} width="2" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                  <rect width="1" height="10" fill="#334155" />
                </pattern>
              </defs>
              <rect width="100" height="10" fill="#f1f5f9" />
              <rect
                data-share={share}
                width={share * 100}
                height="10"
                fill={bar.fill === 'hatched' ? `url(#${hatch})` : bar.fill === 'light' ? '#94a3b8' : '#3730a3'}
                stroke="#1e293b"
                strokeWidth={share > 0 ? 0.3 : 0}
                vectorEffect="non-scaling-stroke"
              />
            </svg>
            <span className="text-right font-medium whitespace-nowrap text-slate-900 tabular-nums">{bar.text}</span>
          </div>
        );
      })}
    </div>
  );
};
