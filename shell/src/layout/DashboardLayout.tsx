import { Outlet } from '@app/kit';
import { OfflineStatus } from '../offline/OfflineStatus';
import { useOwnApiCache } from '../offline/useOwnApiCache';
import { Sidebar } from './Sidebar';

export function DashboardLayout() {
  useOwnApiCache();
  return (
    <div className="dashboard">
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <Sidebar />
      {/* focusable by script only: the skip link moves focus here, past the navigation */}
      <main className="dashboard-content" id="content" tabIndex={-1}>
        <OfflineStatus />
        <Outlet />
      </main>
    </div>
  );
}
