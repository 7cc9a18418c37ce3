import { Spinner } from '../../components/ui/spinner';
import { useLoadingMessage } from './use-loading-message';

export const LoadingScreen = () => {
  const message = useLoadingMessage();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 text-slate-600">
      <Spinner size="lg" className="text-indigo-600" />
      <p role="status">{message}</p>
    </main>
  );
};
