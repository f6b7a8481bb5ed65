import { useEffect } from 'react';
import { closeEntryDialog, useAppDispatch, type createBrowserRouter } from '@app/kit';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe'>;

/**
 * Closes the Weight Entry dialog when the app moves to another page: a dialog left open would cover the new page,
 * as it covered the error page a failed lookup leads to, or stay over a screen the Back button has left.
 */
export function CloseEntryDialogOnNavigation({ router }: { router: AppRouter }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let path = router.state.location.pathname;
    return router.subscribe((state) => {
      if (state.location.pathname === path) return;
      path = state.location.pathname;
      dispatch(closeEntryDialog());
    });
  }, [router, dispatch]);
  return null;
}
