import { selectPreferences, setPreferences } from '../state/preferencesSlice';
import { useAppDispatch, useAppSelector } from '../state/store';

/**
 * 'Show trend': draws or hides the smoothed trend line on every weight graph. The choice is a
 * preference, so it is remembered and the same on every screen.
 */
export function ShowTrendToggle() {
  const { showTrend } = useAppSelector(selectPreferences);
  const dispatch = useAppDispatch();
  return (
    <label className="trend-toggle">
      <input type="checkbox" checked={showTrend} onChange={(event) => dispatch(setPreferences({ showTrend: event.target.checked }))} />
      Show trend
    </label>
  );
}
