import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** The centred card of the standalone screens (sign-in, API key, invite, callbacks). */
export const AuthCard = ({ children, className }: { children: ReactNode; className?: string }) => (
  <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
    <div className={cn('w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm', className)}>{children}</div>
  </main>
);

export const ProductMark = () => (
  <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-xl bg-indigo-600 text-xl font-bold text-white" aria-hidden="true">
    T
  </div>
);
