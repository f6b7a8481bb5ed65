import { useEffect } from 'react';
import {
  OfflineUnavailable,
  showToast,
  useAppDispatch,
  useGetGoalQuery,
  useGetMeQuery,
  useOnline,
  useRetryFocus,
  type SettingsScreenProps,
} from '@app/kit';
import { SettingsEditor } from './SettingsEditor';
import './settings.css';

export const FETCH_FAILED = 'Failed to fetch data';

/** Settings: account, preferences and goal, loaded once and edited until Save or Cancel. */
export default function Settings(_props: SettingsScreenProps) {
  const dispatch = useAppDispatch();
  const me = useGetMeQuery();
  const goal = useGetGoalQuery();
  // Only a failed first load is an error here; a failed background refetch keeps the form as it is.
  const failed = (me.isError && !me.data) || (goal.isError && goal.data === undefined);

  const online = useOnline();
  const retryFocus = useRetryFocus(me.data && goal.data !== undefined ? 'ready' : failed ? 'failed' : 'loading');
  // offline, a read that fails is no news: the banner says the app is offline, the screen says what it lacks
  useEffect(() => {
    if (failed && online) dispatch(showToast(FETCH_FAILED, 'error'));
  }, [failed, online, dispatch]);

  let body;
  if (me.data && goal.data !== undefined) {
    // Editing starts from the first load; later refetches (after a save) never overwrite what is being typed.
    body = <SettingsEditor user={me.data} goal={goal.data} />;
  } else if (!online) {
    // never read on this device: nothing to edit until the connection returns
    body = <OfflineUnavailable />;
  } else if (failed) {
    body = (
      <div className="panel st-error" role="alert">
        <p>{FETCH_FAILED}</p>
        <button
          ref={retryFocus.button}
          type="button"
          className="button"
          onClick={retryFocus.retry(() => {
            if (me.isError) void me.refetch();
            if (goal.isError) void goal.refetch();
          })}
        >
          Retry
        </button>
      </div>
    );
  } else {
    body = (
      <p className="screen-loading" role="status">
        Loading...
      </p>
    );
  }

  return (
    <section className="screen st-screen" data-remote="mf_settings">
      <h1 ref={retryFocus.landing}>Settings</h1>
      {body}
    </section>
  );
}
