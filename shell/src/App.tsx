import { createBrowserRouter, Navigate, RouterProvider } from '@app/kit';
import { RequireAuth } from './auth/RequireAuth';
import { CloseEntryDialogOnNavigation } from './entry/CloseEntryDialogOnNavigation';
import { EntryDialogSlot } from './entry/EntryDialogSlot';
import { RemoteScreen } from './federation/RemoteScreen';
import { DashboardLayout } from './layout/DashboardLayout';
import { RouteAnnouncer } from './layout/RouteAnnouncer';
import { ForgetOnSignOut } from './offline/ForgetOnSignOut';
import { ErrorPage, ERROR_CODES } from './screens/ErrorPage';
import { LandingPage } from './screens/LandingPage';
import { REMOTE_ROUTES } from './screens/remoteRoutes';
import { ThemeSync } from './theme/ThemeSync';
import { Toaster } from './toasts/Toaster';

function screenRoute({ path, id, title }: (typeof REMOTE_ROUTES)[number]) {
  return { path, element: <RemoteScreen id={id} title={title} props={{}} /> };
}

/** The product's route table. Remote screens load at runtime; everything else is the shell's. */
export function createRoutes() {
  return [
    { path: '/', element: <LandingPage /> },
    ...REMOTE_ROUTES.filter((r) => !r.path.startsWith('/dashboard/')).map(screenRoute),
    {
      path: '/dashboard',
      element: (
        <RequireAuth>
          <DashboardLayout />
        </RequireAuth>
      ),
      children: [
        { index: true, element: <Navigate to="/dashboard/overview" replace /> },
        ...REMOTE_ROUTES.filter((r) => r.path.startsWith('/dashboard/'))
          .map(screenRoute)
          .map((r) => ({ ...r, path: r.path.slice('/dashboard/'.length) })),
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
      <RouteAnnouncer />
      <EntryDialogSlot />
      <CloseEntryDialogOnNavigation router={router} />
      <Toaster />
      <ForgetOnSignOut />
    </>
  );
}
