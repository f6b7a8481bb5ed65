import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { WEEKDAY_NAMES, type User } from '@app/contract';
import { Field, OfflineUnavailable, parseApiError, showToast, useAppDispatch, useFocusError, useFocusKeeper, useOnline } from '@app/kit';
import {
  useAddPushDevice,
  usePushDevices,
  useReminders,
  useRemovePushDevice,
  useSaveReminders,
  useSendTestPush,
  type ReminderSettings,
  type Reminders,
} from './remindersApi';
import { currentSubscription, DEVICE_ID_KEY, deviceName, PushSetupError, pushSupported, subscribeThisBrowser } from './pushDevice';

export const SAVED = 'Saved changes successfully';
export const SAVE_FAILED = 'Failed to update personal info';

/** 'Mon 23 Nov at 07:30' in the user's own time zone. */
function when(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? '';
  return `${p('weekday')} ${p('day')} ${p('month')} at ${p('hour')}:${p('minute')}`;
}

interface Props {
  user: Pick<User, 'timeZone' | 'weekStartsOn' | 'email'>;
}

/** Settings → Reminders: its own form and Save, loaded when the tab is first opened. */
export function RemindersTab({ user }: Props) {
  const { data, isError, refetch } = useReminders();
  const online = useOnline();
  // never read on this device and no connection: said so; the tab loads by itself when the connection returns
  if (!online && !data) return <OfflineUnavailable />;
  if (isError && !data)
    return (
      <div role="alert" className="st-error">
        <p>Failed to fetch data</p>
        <button type="button" className="button" onClick={refetch}>
          Retry
        </button>
      </div>
    );
  if (!data) return <p className="muted">Loading...</p>;
  return <RemindersForm user={user} initial={data} />;
}

function RemindersForm({ user, initial }: Props & { initial: Reminders }) {
  const dispatch = useAppDispatch();
  const [save, saving] = useSaveReminders();
  const { devices } = usePushDevices();
  const [form, setForm] = useState<ReminderSettings>(initial.settings);
  const [saved, setSaved] = useState<Reminders>(initial);
  // read again after a new time zone or week start was saved: the next reminder and report move with them
  useEffect(() => {
    setSaved((s) => ({ ...s, nextDailyAt: initial.nextDailyAt, nextWeeklyReportAt: initial.nextWeeklyReportAt }));
  }, [initial]);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const focusError = useFocusError(formRef, 'form');
  const daysErrorId = useId();
  const channelErrorId = useId();
  const update = <K extends keyof ReminderSettings>(key: K, value: ReminderSettings[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, general: undefined }));
  };
  // the days in the order of the user's week
  const days = [0, 1, 2, 3, 4, 5, 6].map((i) => (i + user.weekStartsOn) % 7);
  const toggleDay = (day: number) =>
    update(
      'dailyWeekdays',
      form.dailyWeekdays.includes(day) ? form.dailyWeekdays.filter((d) => d !== day) : [...form.dailyWeekdays, day].sort(),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    try {
      const result = await save(form);
      setSaved(result);
      setForm(result.settings);
      setErrors({});
      dispatch(showToast(SAVED, 'success'));
    } catch (e) {
      const parsed = parseApiError(e);
      const fieldErrors: Record<string, string | undefined> = { ...parsed.fieldErrors };
      for (const key of Object.keys(fieldErrors)) {
        // 'dailyWeekdays.0' belongs to the days
        const [field] = key.split('.');
        if (field !== key) fieldErrors[field!] ??= fieldErrors[key];
      }
      if (Object.keys(parsed.fieldErrors).length === 0) fieldErrors.general = parsed.general ?? parsed.message;
      setErrors(fieldErrors);
      dispatch(showToast(SAVE_FAILED, 'error'));
      focusError();
    }
  };

  const channelError = errors.dailyEmail ?? errors.dailyPush;
  const weekStart = WEEKDAY_NAMES[user.weekStartsOn];
  const dailyOff = !form.dailyEnabled;
  return (
    <div className="st-sections">
      <form ref={formRef} className="st-sections" onSubmit={submit} noValidate aria-busy={saving}>
        <section className="st-section" aria-labelledby="st-daily">
          <h2 id="st-daily">Daily reminder</h2>
          <label className="st-check">
            <input type="checkbox" checked={form.dailyEnabled} onChange={(e) => update('dailyEnabled', e.target.checked)} />
            Remind me to weigh in
          </label>
          <p className="muted">Only on days you have not logged a weight yet. Times are in your time zone, {user.timeZone}.</p>
          <div className="st-grid">
            <Field label="Time" error={errors.dailyTime}>
              {(id, describedBy) => (
                <input
                  id={id}
                  type="time"
                  value={form.dailyTime}
                  disabled={dailyOff}
                  aria-describedby={describedBy}
                  aria-invalid={errors.dailyTime ? true : undefined}
                  onChange={(e) => update('dailyTime', e.target.value)}
                />
              )}
            </Field>
          </div>
          <fieldset className="st-fieldset" disabled={dailyOff}>
            <legend>Days</legend>
            <div className="st-radios">
              {days.map((d) => (
                <label key={d} className="st-radio">
                  <input
                    type="checkbox"
                    checked={form.dailyWeekdays.includes(d)}
                    aria-invalid={errors.dailyWeekdays ? true : undefined}
                    aria-describedby={errors.dailyWeekdays ? daysErrorId : undefined}
                    onChange={() => toggleDay(d)}
                  />
                  {WEEKDAY_NAMES[d]}
                </label>
              ))}
            </div>
            {errors.dailyWeekdays && (
              <span id={daysErrorId} className="field-error">
                {errors.dailyWeekdays}
              </span>
            )}
          </fieldset>
          <fieldset className="st-fieldset" disabled={dailyOff}>
            <legend>Send by</legend>
            <div className="st-radios">
              <label className="st-radio">
                <input
                  type="checkbox"
                  checked={form.dailyEmail}
                  aria-invalid={channelError ? true : undefined}
                  aria-describedby={channelError ? channelErrorId : undefined}
                  onChange={(e) => update('dailyEmail', e.target.checked)}
                />
                E-mail to {user.email}
              </label>
              <label className="st-radio">
                <input
                  type="checkbox"
                  checked={form.dailyPush}
                  disabled={!saved.push.available}
                  aria-invalid={channelError ? true : undefined}
                  aria-describedby={channelError ? channelErrorId : undefined}
                  onChange={(e) => update('dailyPush', e.target.checked)}
                />
                Push notification to my devices
              </label>
            </div>
            {channelError && (
              <span id={channelErrorId} className="field-error">
                {channelError}
              </span>
            )}
          </fieldset>
          {form.dailyEnabled && form.dailyPush && devices?.length === 0 && (
            <p className="muted">No device gets push notifications yet: turn them on for this device below.</p>
          )}
          {saved.nextDailyAt && <p className="muted">Next reminder: {when(saved.nextDailyAt, user.timeZone)}.</p>}
        </section>

        <section className="st-section" aria-labelledby="st-weekly">
          <h2 id="st-weekly">Weekly report</h2>
          <label className="st-check">
            <input type="checkbox" checked={form.weeklyReportEnabled} onChange={(e) => update('weeklyReportEnabled', e.target.checked)} />
            E-mail me a weekly report
          </label>
          <p className="muted">
            Every {weekStart} morning: your week’s average against the week before, your trend, when you are likely to reach your goal, and
            how many days you logged.
          </p>
          {saved.nextWeeklyReportAt && <p className="muted">Next report: {when(saved.nextWeeklyReportAt, user.timeZone)}.</p>}
        </section>

        <section className="st-section" aria-labelledby="st-quiet">
          <h2 id="st-quiet">Quiet hours</h2>
          <label className="st-check">
            <input type="checkbox" checked={form.quietHoursEnabled} onChange={(e) => update('quietHoursEnabled', e.target.checked)} />
            Send nothing during quiet hours
          </label>
          <div className="st-grid">
            <Field label="From" error={errors.quietStart}>
              {(id, describedBy) => (
                <input
                  id={id}
                  type="time"
                  value={form.quietStart}
                  disabled={!form.quietHoursEnabled}
                  aria-describedby={describedBy}
                  aria-invalid={errors.quietStart ? true : undefined}
                  onChange={(e) => update('quietStart', e.target.value)}
                />
              )}
            </Field>
            <Field label="Until" error={errors.quietEnd}>
              {(id, describedBy) => (
                <input
                  id={id}
                  type="time"
                  value={form.quietEnd}
                  disabled={!form.quietHoursEnabled}
                  aria-describedby={describedBy}
                  aria-invalid={errors.quietEnd ? true : undefined}
                  onChange={(e) => update('quietEnd', e.target.value)}
                />
              )}
            </Field>
          </div>
        </section>

        {errors.general && (
          <p className="form-error-general" role="alert">
            {errors.general}
          </p>
        )}
        <div className="form-actions st-actions">
          {/* aria-disabled, not disabled: a disabled button drops the focus to the top of the page */}
          <button type="submit" className="button button-primary" aria-disabled={saving}>
            {saving ? 'Saving...' : 'Save reminders'}
          </button>
        </div>
      </form>
      <PushSection available={saved.push.available} publicKey={saved.push.publicKey} />
    </div>
  );
}

const nextPushControl = (section: HTMLElement) =>
  section.querySelector<HTMLElement>('.st-devices button') ?? section.querySelector<HTMLElement>('button');

function PushSection({ available, publicKey }: { available: boolean; publicKey: string | null }) {
  const dispatch = useAppDispatch();
  const { devices } = usePushDevices();
  const [add] = useAddPushDevice();
  const [remove] = useRemovePushDevice();
  const [sendTest, testing] = useSendTestPush();
  const [here, setHere] = useState<string | null>(() => localStorage.getItem(DEVICE_ID_KEY));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  // a removed device's button goes with it: the keyboard goes on from the next device's, else from the section's first
  useFocusKeeper(sectionRef, nextPushControl);

  // a subscription the browser dropped (site data cleared) no longer marks this device
  useEffect(() => {
    if (!here) return;
    let live = true;
    void currentSubscription().then((sub) => {
      if (live && !sub) {
        localStorage.removeItem(DEVICE_ID_KEY);
        setHere(null);
      }
    });
    return () => {
      live = false;
    };
  }, [here]);

  const thisDevice = here && devices?.some((d) => d.id === here) ? here : null;

  const turnOn = async () => {
    if (!publicKey || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const sub = (await subscribeThisBrowser(publicKey)).toJSON();
      const device = await add({
        endpoint: sub.endpoint ?? '',
        expirationTime: sub.expirationTime ?? null,
        keys: { p256dh: sub.keys?.p256dh ?? '', auth: sub.keys?.auth ?? '' },
        device: deviceName(),
      });
      localStorage.setItem(DEVICE_ID_KEY, device.id);
      setHere(device.id);
      setMessage({ text: 'Push notifications are on for this device.', failed: false });
    } catch (e) {
      setMessage({ text: e instanceof PushSetupError ? e.message : (parseApiError(e).general ?? parseApiError(e).message), failed: true });
    } finally {
      setBusy(false);
    }
  };

  const forget = async (id: string) => {
    try {
      if (id === thisDevice) {
        await (await currentSubscription())?.unsubscribe();
        localStorage.removeItem(DEVICE_ID_KEY);
        setHere(null);
      }
      await remove(id);
      setMessage({ text: id === thisDevice ? 'Push notifications are off for this device.' : 'Device removed.', failed: false });
    } catch (e) {
      setMessage({ text: parseApiError(e).general ?? parseApiError(e).message, failed: true });
    }
  };

  const test = async () => {
    if (testing) return;
    try {
      const r = await sendTest();
      setMessage(
        r.delivered > 0
          ? { text: `Test notification sent to ${r.delivered} ${r.delivered === 1 ? 'device' : 'devices'}.`, failed: false }
          : { text: 'No device took the notification.', failed: true },
      );
    } catch (e) {
      const parsed = parseApiError(e);
      dispatch(showToast(parsed.general ?? parsed.message, 'error'));
    }
  };

  return (
    <section ref={sectionRef} className="st-section" aria-labelledby="st-push">
      <h2 id="st-push">Push notifications</h2>
      {!available ? (
        <p className="muted">Push notifications are not available on this server.</p>
      ) : !pushSupported() ? (
        <p className="muted">This browser cannot show push notifications.</p>
      ) : (
        <>
          <p className="muted">Reminders can pop up on this device even when the app is closed.</p>
          <div className="st-data-actions">
            {thisDevice ? (
              <button type="button" className="button" onClick={() => void forget(thisDevice)}>
                Turn off for this device
              </button>
            ) : (
              <button type="button" className="button button-primary" onClick={() => void turnOn()} aria-disabled={busy}>
                {busy ? 'Turning on...' : 'Turn on for this device'}
              </button>
            )}
            {devices && devices.length > 0 && (
              <button type="button" className="button" onClick={() => void test()} aria-disabled={testing}>
                Send a test notification
              </button>
            )}
          </div>
        </>
      )}
      <p role="status" className={message ? `st-push-status${message.failed ? ' st-status' : ''}` : 'st-status st-status-empty'}>
        {message?.text}
      </p>
      {devices && devices.length > 0 && (
        <ul className="st-devices" aria-label="Devices with push notifications">
          {devices.map((d) => (
            <li key={d.id}>
              <span>
                {d.device}
                {d.id === thisDevice ? ' (this device)' : ''}
              </span>
              <button
                type="button"
                className="button"
                aria-label={`Remove ${d.device}${d.id === thisDevice ? ' (this device)' : ''}`}
                onClick={() => void forget(d.id)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
