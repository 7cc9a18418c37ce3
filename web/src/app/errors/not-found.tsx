import { Compass } from 'lucide-react';
import { Link } from 'react-router-dom';
import { messages } from '../../../../shared/messages';

export const NotFound = () => (
  <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
    <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <Compass className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
      <h1 className="mt-4 text-xl font-semibold text-slate-900">{messages.notFound.title}</h1>
      <p className="mt-2 text-sm text-slate-600">{messages.notFound.message}</p>
      <Link
        to="/"
        className="mt-6 inline-flex h-10 items-center rounded-md bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-700"
      >
        {messages.notFound.backHome}
      </Link>
    </div>
  </main>
);
