import { Outlet } from 'react-router-dom';
import { LiveRefresh } from '../live/live-refresh';
import { useRecordVisits } from '../../lib/previous-page';
import { ConnectionNotice } from '../startup/connection-notice';
import { StatusBarSlot } from './status-bar-slot';
import { TopNav } from './top-nav';

export const AppLayout = () => {
  useRecordVisits();
  return (
    <div className="min-h-screen bg-slate-50">
      <TopNav />
      <main className="mx-auto max-w-7xl px-4 py-8 pb-24 sm:px-6">
        <ConnectionNotice />
        <Outlet />
      </main>
      <StatusBarSlot />
      <LiveRefresh />
    </div>
  );
};
