import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { REMOTE_SCREENS } from '@app/kit';
import { RequireAuth } from './auth/RequireAuth';
import { EntryDialog } from './entry/EntryDialog';
import { RemoteScreen } from './federation/RemoteScreen';
import { DashboardLayout } from './layout/DashboardLayout';
import { ErrorPage, ERROR_CODES } from './screens/ErrorPage';
import { LandingPage } from './screens/LandingPage';
import { ThemeSync } from './theme/ThemeSync';
import { Toaster } from './toasts/Toaster';

/** The product's route table. Remote screens load at runtime; everything else is the shell's. */
export function createRoutes() {
  return [
    { path: '/', element: <LandingPage /> },
    { path: '/login', element: <RemoteScreen id={REMOTE_SCREENS.login} title="Sign In" props={{}} /> },
    { path: '/register', element: <RemoteScreen id={REMOTE_SCREENS.register} title="Sign Up" props={{}} /> },
    {
      path: '/forgot-password',
      element: <RemoteScreen id={REMOTE_SCREENS.forgotPassword} title="Forgot password" props={{}} />,
    },
    { path: '/reset-password', element: <RemoteScreen id={REMOTE_SCREENS.resetPassword} title="Reset password" props={{}} /> },
    {
      path: '/dashboard',
      element: (
        <RequireAuth>
          <DashboardLayout />
        </RequireAuth>
      ),
      children: [
        { index: true, element: <Navigate to="/dashboard/overview" replace /> },
        { path: 'overview', element: <RemoteScreen id={REMOTE_SCREENS.overview} title="Overview" props={{}} /> },
        { path: 'analytics', element: <RemoteScreen id={REMOTE_SCREENS.analytics} title="Analytics" props={{}} /> },
        { path: 'settings', element: <RemoteScreen id={REMOTE_SCREENS.settings} title="Settings" props={{}} /> },
      ],
    },
    ...ERROR_CODES.map((code) => ({ path: `/${code}`, element: <ErrorPage code={code} /> })),
    { path: '*', element: <ErrorPage code={400} /> },
  ];
}

export function createRouter() {
  return createBrowserRouter(createRoutes());
}

export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  return (
    <>
      <ThemeSync />
      <RouterProvider router={router} />
      <EntryDialog />
      <Toaster />
    </>
  );
}
