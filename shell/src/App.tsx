import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { REMOTE_SCREENS } from '@app/kit';
import { RemoteScreen } from './federation/RemoteScreen';
import { LandingPage } from './screens/LandingPage';
import { DashboardLayout } from './screens/DashboardLayout';
import { ErrorPage, ERROR_CODES } from './screens/ErrorPage';

/** The route table of the spec (§2). Remote screens load at runtime; everything else is the shell's. */
export function createRouter() {
  return createBrowserRouter([
    { path: '/', element: <LandingPage /> },
    { path: '/login', element: <RemoteScreen id={REMOTE_SCREENS.login} title="Sign In" props={{}} /> },
    { path: '/register', element: <RemoteScreen id={REMOTE_SCREENS.register} title="Sign Up" props={{}} /> },
    {
      path: '/forgot-password',
      element: <RemoteScreen id={REMOTE_SCREENS.forgotPassword} title="Forgot password" props={{}} />,
    },
    {
      path: '/dashboard',
      element: <DashboardLayout />,
      children: [
        { index: true, element: <Navigate to="/dashboard/overview" replace /> },
        { path: 'overview', element: <RemoteScreen id={REMOTE_SCREENS.overview} title="Overview" props={{}} /> },
        { path: 'analytics', element: <RemoteScreen id={REMOTE_SCREENS.analytics} title="Analytics" props={{}} /> },
        { path: 'settings', element: <RemoteScreen id={REMOTE_SCREENS.settings} title="Settings" props={{}} /> },
      ],
    },
    ...ERROR_CODES.map((code) => ({ path: `/${code}`, element: <ErrorPage code={code} /> })),
    { path: '*', element: <ErrorPage code={400} /> },
  ]);
}

export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  return <RouterProvider router={router} />;
}
