import { cn } from '../../lib/cn';

export type SpinnerSize = 'sm' | 'md' | 'lg';

const SIZES: Record<SpinnerSize, string> = { sm: 'h-4 w-4 border-2', md: 'h-6 w-6 border-2', lg: 'h-10 w-10 border-[3px]' };

export const Spinner = ({ size = 'md', className }: { size?: SpinnerSize; className?: string }) => (
  <span
    aria-hidden="true"
    className={cn('inline-block animate-spin rounded-full border-current border-r-transparent', SIZES[size], className)}
  />
);
