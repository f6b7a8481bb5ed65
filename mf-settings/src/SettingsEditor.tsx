import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  clearFieldError,
  failureSummary,
  type Goal,
  preferencesFromUser,
  selectPreferences,
  setPreferences,
  setUser,
  showToast,
  trackSave,
  type UnitSystem,
  useAppDispatch,
  useAppSelector,
  type User,
  useFocusError,
  useSameSignIn,
  useSearchParams,
  validateHexColor,
} from '@app/kit';
import { AccountTab } from './AccountTab';
import { DataTab } from './DataTab';
import { GoalsTab } from './GoalsTab';
import { PreferencesTab } from './PreferencesTab';
import { RemindersTab } from './RemindersTab';
import { SettingsTabs, TABS, TabPanel } from './SettingsTabs';
import { failureStatus, runSaveSequence, SAVE_TOASTS, whileCurrent, type AvatarChoice, type SavedResults } from './saveSequence';
import {
  buildGoalPatch,
  buildProfilePatch,
  errorKeyOf,
  FIELD_TABS,
  initialForm,
  keptSinceSent,
  switchUnit,
  tabOfFirstError,
  validateForm,
  type Baseline,
  type FormKey,
  type SettingsForm,
  type TabKey,
  type WireCheck,
} from './settingsForm';
import { useSaveApi } from './useSaveApi';
import { useHasPassword } from './signInApi';

function asTab(value: string | null): TabKey | undefined {
  return TABS.find((t) => t.key === value)?.key;
}

/**
 * The API's own rules on a save, fetched with the first save (prefetched while the screen is idle). A chunk that cannot
 * be had (offline before it was ever loaded) leaves them to the server, which answers in the same words.
 */
function loadWireCheck(): Promise<WireCheck> {
  return import(/* webpackPrefetch: true */ './wireErrors').then(
    (m) => m.wireErrors,
    () => () => ({}),
  );
}

const STEP_TABS: Partial<Record<string, TabKey>> = { avatar: 'account', profile: 'account', goal: 'goals' };

/** The server's state after the steps that succeeded: what the next Save is compared with. */
function advanceBaseline(baseline: Baseline, results: SavedResults): Baseline {
  let user: User = baseline.user;
  if (results.avatar) user = results.avatar.user ?? { ...user, avatarUrl: null };
  if (results.profile) user = results.profile;
  if (results.reload) user = results.reload;
  return { user, goal: results.goal ?? baseline.goal };
}

interface SettingsEditorProps {
  user: User;
  goal: Goal | null;
}

/** The loaded settings form: tabs, Save and Cancel, and the save sequence's outcome. */
export function SettingsEditor(props: SettingsEditorProps) {
  const dispatch = useAppDispatch();
  const sameSignIn = useSameSignIn();
  const prefs = useAppSelector(selectPreferences);
  const saveApi = useSaveApi();
  const hasPassword = useHasPassword();
  const [baseline, setBaseline] = useState<Baseline>({ user: props.user, goal: props.goal });
  const [form, setForm] = useState<SettingsForm>(() => initialForm(baseline, prefs));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [avatar, setAvatar] = useState<AvatarChoice>({ kind: 'keep' });
  // a picture chosen and refused (its type or size): Save must not say all was saved while it shows
  const [avatarRefusal, setAvatarRefusal] = useState<string | null>(null);
  // '?tab=goals' (the overview's "Set a goal" link) opens that tab.
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<TabKey>(() => asTab(searchParams.get('tab')) ?? 'account');
  const [saving, setSaving] = useState(false);
  // The Data tab loads its calls only once opened, then stays mounted so an import in progress survives a tab switch.
  const [dataOpened, setDataOpened] = useState(tab === 'data');
  // Reminders, like Data, is its own form with its own Save, loaded when first opened.
  const [remindersOpened, setRemindersOpened] = useState(tab === 'reminders');
  const openTab = (next: TabKey) => {
    if (next === 'data') setDataOpened(true);
    if (next === 'reminders') setRemindersOpened(true);
    setTab(next);
  };
  const [status, setStatus] = useState<string | null>(null);
  // The theme applies at once; Cancel puts back the one in force when the page opened or was last saved.
  const savedTheme = useRef(prefs.themeColor);
  // a colour tried on and not saved goes back, as Cancel does, when the person leaves Settings for another screen or
  // leaves the page (a reload, the tab closed): it is kept on the device the moment it is picked
  useEffect(() => {
    const putBack = () => dispatch(setPreferences({ themeColor: savedTheme.current }));
    window.addEventListener('pagehide', putBack);
    return () => {
      window.removeEventListener('pagehide', putBack);
      putBack();
    };
  }, [dispatch]);
  // a save waits for its checks to load: a second press meanwhile is the same save
  const checking = useRef(false);

  const update = <K extends FormKey>(key: K, value: SettingsForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => clearFieldError(current, errorKeyOf(key)));
  };
  const changeUnit = (unit: UnitSystem) => {
    setForm((current) => switchUnit(current, unit));
    setErrors((current) => clearFieldError(current, 'unitPreference'));
  };
  const changeAvatar = (choice: AvatarChoice) => {
    setAvatar(choice);
    setErrors((current) => clearFieldError(current, 'avatar'));
  };
  const applyTheme = (hex: string) => {
    dispatch(setPreferences({ themeColor: hex }));
    setErrors((current) => clearFieldError(current, 'themeColor'));
  };
  const checkHex = () => {
    const hex = form.hexInput === '' ? null : validateHexColor(form.hexInput);
    if (hex && !hex.ok) setErrors((current) => ({ ...current, themeColor: hex.error }));
  };

  const cancel = () => {
    dispatch(setPreferences({ themeColor: savedTheme.current }));
    window.location.reload();
  };

  const formRef = useRef<HTMLFormElement>(null);
  // after a failed save, the first field in error on the tab it opened (the Data and Reminders tabs are other forms)
  const focusError = useFocusError(formRef, 'form');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || checking.current) return;
    setStatus(null);
    checking.current = true;
    const checkWire = await loadWireCheck();
    checking.current = false;
    const invalid = validateForm(form, { ...baseline, hasPassword }, checkWire);
    if (avatarRefusal) invalid.avatar = avatarRefusal;
    if (Object.keys(invalid).length > 0) {
      setErrors(invalid);
      setTab(tabOfFirstError(invalid) ?? tab);
      setStatus('Nothing was saved: fix the highlighted fields and save again.');
      dispatch(showToast(SAVE_TOASTS.failed, 'error'));
      focusError();
      return;
    }
    // Client-only preferences are kept at once; they cannot fail.
    dispatch(setPreferences({ alignToCalendar: form.alignToCalendar }));
    savedTheme.current = prefs.themeColor;

    setSaving(true);
    // the form as sent: what is typed while the save is on its way is not in it, and stays once it lands
    const sent = form;
    const plan = {
      avatar,
      profile: buildProfilePatch(form, baseline.user),
      goal: buildGoalPatch(form, baseline.goal),
    };
    const signIn = sameSignIn();
    // marked as one save, so a Log out pressed meanwhile lets all of its calls land; none goes out once someone else
    // has signed in on this page
    const outcome = await trackSave(runSaveSequence(plan, whileCurrent(saveApi, signIn.current)));
    setSaving(false);
    // logged out meanwhile: what landed is the server's now, and the outcome is no one's to show
    if (!signIn.signedIn()) return;

    // What succeeded stays saved: it becomes the baseline, so the next Save does not send it again.
    const next = advanceBaseline(baseline, outcome.results);
    setBaseline(next);
    // a picture chosen while the save was on its way is the next save's
    if (outcome.results.avatar) setAvatar((current) => (current === plan.avatar ? { kind: 'keep' } : current));
    if (outcome.results.profile) setForm((current) => ({ ...current, password: '', currentPassword: '' }));
    if (outcome.saved.length > 0 || outcome.ok) dispatch(setUser(next.user));
    if (outcome.results.profile || outcome.results.reload) dispatch(preferencesFromUser(next.user));

    if (outcome.ok) {
      setErrors({});
      setForm((current) =>
        keptSinceSent(
          { ...initialForm(next, { ...prefs, alignToCalendar: current.alignToCalendar }), hexInput: current.hexInput },
          sent,
          current,
        ),
      );
      dispatch(showToast(SAVE_TOASTS.success, 'success'));
      return;
    }
    const { fieldErrors, general, status: answered } = outcome.error;
    // what the server refused of the form as a whole shows above it; an outage is for the status line alone
    setErrors(general && answered !== undefined && answered < 500 ? { ...fieldErrors, general } : fieldErrors);
    const failedTab = tabOfFirstError(fieldErrors) ?? STEP_TABS[outcome.failed];
    if (failedTab) setTab(failedTab);
    setStatus(failureStatus(outcome));
    dispatch(showToast(outcome.toast, 'error'));
    focusError();
  };

  const tabsWithErrors = new Set(FIELD_TABS.filter(([field]) => errors[field] !== undefined).map(([, t]) => t));
  const tabProps = { form, errors, update };

  return (
    <div className="st-form">
      <SettingsTabs active={tab} onChange={openTab} withErrors={tabsWithErrors} />
      {/* The Data tab sits outside the form: its actions are immediate and Enter there never saves the settings. */}
      <div className="panel st-card" hidden={tab !== 'data'}>
        <TabPanel tab="data" active={tab}>
          {dataOpened && <DataTab />}
        </TabPanel>
      </div>
      <div className="panel st-card" hidden={tab !== 'reminders'}>
        <TabPanel tab="reminders" active={tab}>
          {remindersOpened && <RemindersTab user={baseline.user} />}
        </TabPanel>
      </div>
      <form ref={formRef} className="st-form" onSubmit={save} noValidate aria-busy={saving} hidden={tab === 'data' || tab === 'reminders'}>
        {/* what the server says of the form as a whole, above it */}
        {errors.general && (
          <p className="form-error-general" role="alert">
            {errors.general}
          </p>
        )}
        <div className="panel st-card">
          <TabPanel tab="account" active={tab}>
            <AccountTab
              {...tabProps}
              user={baseline.user}
              avatar={avatar}
              onAvatarChange={changeAvatar}
              onAvatarRefused={setAvatarRefusal}
            />
          </TabPanel>
          <TabPanel tab="preferences" active={tab}>
            <PreferencesTab
              {...tabProps}
              themeColor={prefs.themeColor}
              onThemeColor={applyTheme}
              onHexBlur={checkHex}
              onUnit={changeUnit}
            />
          </TabPanel>
          <TabPanel tab="goals" active={tab}>
            <GoalsTab {...tabProps} hasGoal={baseline.goal !== null} />
          </TabPanel>
          {/* where focus goes after a failed save with no field to fix */}
          <p role="status" className={status ? 'st-status' : 'st-status st-status-empty'} {...failureSummary}>
            {status}
          </p>
          <div className="form-actions st-actions">
            <button type="button" className="button" onClick={cancel} disabled={saving}>
              Cancel
            </button>
            {/* aria-disabled, not disabled: a disabled button drops the focus to the top of the page */}
            <button type="submit" className="button button-primary" aria-disabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </button>
          </div>
        </div>
      </form>
    </div>
  );
}
