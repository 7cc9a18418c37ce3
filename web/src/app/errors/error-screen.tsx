import { AlertTriangle } from 'lucide-react';
import { messages } from '../../../../shared/messages';
import { Button } from '../../components/ui/button';
import { browserLocation } from '../../lib/browser-location';

const describe = (error: unknown): string => {
  if (error instanceof Error) return error.stack || `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error, null, 2);
  } catch {
    return String(error);
  }
};

export const ErrorScreen = ({ error }: { error?: unknown }) => (
  <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
    <div role="alert" className="w-full max-w-lg rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <AlertTriangle className="mx-auto h-10 w-10 text-amber-500" aria-hidden="true" />
      <h1 className="mt-4 text-xl font-semibold text-slate-900">{messages.errorScreen.title}</h1>
      <p className="mt-2 text-sm text-slate-600">{messages.errorScreen.message}</p>
      {error !== undefined ? (
        <details className="mt-4 text-left">
          <summary className="cursor-pointer text-sm font-medium text-slate-700">{messages.errorScreen.details}</summary>
          <pre className="mt-2 max-h-64 overflow-auto rounded bg-slate-100 p-3 text-xs whitespace-pre-wrap text-slate-700">
            {describe(error)}
          </pre>
        </details>
      ) : null}
      <Button className="mt-6" onClick={() => browserLocation.reload()}>
        {messages.errorScreen.refresh}
      </Button>
    </div>
  </main>
);
