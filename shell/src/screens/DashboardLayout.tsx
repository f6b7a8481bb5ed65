import { NavLink, Outlet } from 'react-router-dom';
import { PRODUCT_TITLE } from '../brand';

export function DashboardLayout() {
  return (
    <div className="dashboard">
      <aside className="sidebar">
        <div className="brand">
          <img src="/logo.svg" alt="" width={32} height={32} />
          <span>{PRODUCT_TITLE}</span>
        </div>
        <nav aria-label="Main">
          <NavLink to="/dashboard/overview">Overview</NavLink>
          <NavLink to="/dashboard/analytics">Analytics</NavLink>
          <NavLink to="/dashboard/settings">Settings</NavLink>
        </nav>
      </aside>
      <main className="dashboard-content">
        <Outlet />
      </main>
    </div>
  );
}
