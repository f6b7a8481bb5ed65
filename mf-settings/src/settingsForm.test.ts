import { describe, expect, it } from 'vitest';
import { convertMeasure, measureFromMetric, measureToMetric, typedMeasure } from './measure';
import {
  buildGoalPatch,
  buildProfilePatch,
  initialForm,
  keptSinceSent,
  MESSAGES,
  switchUnit,
  tabOfFirstError,
  validateForm,
  type SettingsForm,
} from './settingsForm';
import { makeGoal, makeUser } from './testData';
import { wireErrors } from './wireErrors';

const PREFS = { alignToCalendar: true, themeColor: '#3ab0b9' };

function formFor(user = makeUser(), goal = makeGoal() as ReturnType<typeof makeGoal> | null): SettingsForm {
  return initialForm({ user, goal }, PREFS);
}

describe('measures', () => {
  it('keeps full precision across a unit round trip and shows 1 decimal', () => {
    const cm = typedMeasure('180');
    const inches = convertMeasure(cm, 'height', 'METRIC', 'IMPERIAL');
    expect(inches.text).toBe('70.9');
    expect(inches.value).toBeCloseTo(70.8661, 4);
    const back = convertMeasure(inches, 'height', 'IMPERIAL', 'METRIC');
    expect(back.text).toBe('180.0');
    expect(back.value).toBeCloseTo(180, 9);
  });

  it('converts weights with 2.20462 lb per kg and back to kg unrounded', () => {
    const lb = measureFromMetric(80, 'weight', 'IMPERIAL');
    expect(lb.text).toBe('176.4');
    expect(measureToMetric(typedMeasure('176.4'), 'weight', 'IMPERIAL')).toBeCloseTo(176.4 / 2.20462, 12);
  });

  it('leaves blank or unreadable text alone', () => {
    expect(typedMeasure('')).toEqual({ text: '', value: undefined });
    expect(typedMeasure('abc').value).toBeUndefined();
    expect(convertMeasure(typedMeasure(''), 'weight', 'METRIC', 'IMPERIAL')).toEqual({ text: '', value: undefined });
    expect(measureFromMetric(null, 'height', 'METRIC')).toEqual({ text: '', value: undefined });
  });
});

describe('initialForm and switchUnit', () => {
  it('shows the server values in the user unit', () => {
    const form = formFor(makeUser({ unitPreference: 'IMPERIAL', heightCm: 180, gender: 'FEMALE' }));
    expect(form.height.text).toBe('70.9');
    expect(form.startWeight.text).toBe('198.4');
    expect(form.targetWeight.text).toBe('176.4');
    expect(form.gender).toBe('FEMALE');
    expect(form.hexInput).toBe('#3ab0b9');
  });

  it('converts height and both goal weights, nothing else', () => {
    const form = { ...formFor(), height: typedMeasure('180') };
    const imperial = switchUnit(form, 'IMPERIAL');
    expect(imperial.unit).toBe('IMPERIAL');
    expect(imperial.height.text).toBe('70.9');
    expect(imperial.startWeight.text).toBe('198.4');
    expect(imperial.startDate).toBe(form.startDate);
    expect(switchUnit(imperial, 'METRIC').height.text).toBe('180.0');
    expect(switchUnit(form, 'METRIC')).toBe(form);
  });
});

describe('buildProfilePatch', () => {
  it('sends nothing when nothing changed, even after a unit round trip', () => {
    const user = makeUser({ heightCm: 180.04 });
    const form = formFor(user);
    expect(buildProfilePatch(form, user)).toBeNull();
    expect(buildProfilePatch(switchUnit(switchUnit(form, 'IMPERIAL'), 'METRIC'), user)).toBeNull();
  });

  it('sends only changed and non-empty fields, heights in cm', () => {
    const user = makeUser({ gender: 'MALE', dateOfBirth: '1990-01-01' });
    const form: SettingsForm = {
      ...formFor(user),
      firstName: 'Grace',
      gender: '',
      dateOfBirth: '',
      unit: 'IMPERIAL',
      height: typedMeasure('70'),
      weekStartsOn: 1,
    };
    const patch = buildProfilePatch(form, user)!;
    expect(Object.keys(patch).sort()).toEqual(['firstName', 'heightCm', 'unitPreference', 'weekStartsOn']);
    expect(patch.heightCm).toBeCloseTo(177.8, 9);
    expect(patch.unitPreference).toBe('IMPERIAL');
  });

  it('sends the current password with a new password or a changed email only', () => {
    const user = makeUser();
    const withPassword = { ...formFor(user), password: 'new-secret-1', currentPassword: 'old' };
    expect(buildProfilePatch(withPassword, user)).toEqual({ password: 'new-secret-1', currentPassword: 'old' });
    const sameEmail = { ...formFor(user), email: ' ADA@example.com ', currentPassword: 'old' };
    expect(buildProfilePatch(sameEmail, user)).toBeNull();
    const newEmail = { ...formFor(user), email: 'grace@example.com', currentPassword: 'old' };
    expect(buildProfilePatch(newEmail, user)).toEqual({ email: 'grace@example.com', currentPassword: 'old' });
  });
});

describe('buildGoalPatch', () => {
  it('is null when the goal fields are untouched, or all blank with no goal', () => {
    expect(buildGoalPatch(formFor(), makeGoal())).toBeNull();
    expect(buildGoalPatch(formFor(makeUser(), null), null)).toBeNull();
  });

  it('sends the changed fields, weights converted to kg', () => {
    const form = { ...switchUnit(formFor(), 'IMPERIAL'), targetWeight: typedMeasure('165') };
    const patch = buildGoalPatch(form, makeGoal())!;
    expect(Object.keys(patch)).toEqual(['targetWeightKg']);
    expect(patch.targetWeightKg).toBeCloseTo(165 / 2.20462, 12);
  });

  it('sends all four when creating a goal', () => {
    const form = {
      ...formFor(makeUser(), null),
      startWeight: typedMeasure('90'),
      targetWeight: typedMeasure('80'),
      startDate: '2025-03-01',
      targetDate: '2025-09-01',
    };
    expect(buildGoalPatch(form, null)).toEqual({
      startWeightKg: 90,
      targetWeightKg: 80,
      startDate: '2025-03-01',
      targetDate: '2025-09-01',
    });
  });
});

describe('validateForm', () => {
  const baseline = { user: makeUser(), goal: null };

  it('requires the email, the current password when needed, and a valid hex colour', () => {
    const form = { ...formFor(makeUser(), null), email: ' ', password: 'new-secret-1', hexInput: '#12345' };
    expect(validateForm(form, baseline, wireErrors)).toEqual({
      email: MESSAGES.emailRequired,
      currentPassword: MESSAGES.currentPasswordRequired,
      themeColor: 'Invalid hex color format',
    });
  });

  it('requires every goal field once one is filled in', () => {
    const form = { ...formFor(makeUser(), null), targetWeight: typedMeasure('80') };
    expect(validateForm(form, baseline, wireErrors)).toEqual({
      startWeightKg: MESSAGES.startWeightRequired,
      startDate: MESSAGES.startDateRequired,
      targetDate: MESSAGES.targetDateRequired,
    });
    expect(validateForm(formFor(makeUser(), null), baseline, wireErrors)).toEqual({});
  });

  it('refuses a target date before the start date, as the API does', () => {
    const form = {
      ...formFor(makeUser(), null),
      startWeight: typedMeasure('90'),
      targetWeight: typedMeasure('80'),
      startDate: '2025-03-01',
      targetDate: '2025-02-28',
    };
    expect(validateForm(form, baseline, wireErrors)).toEqual({ targetDate: 'Target date must be on or after the start date' });
    expect(validateForm({ ...form, targetDate: '2025-03-01' }, baseline, wireErrors)).toEqual({});
  });

  it("applies the API's own rules before sending, in its words", () => {
    const form = {
      ...formFor(makeUser(), null),
      password: 'short',
      currentPassword: 'old-secret-1',
      firstName: '   ',
      email: 'not-an-address',
      height: typedMeasure('350'),
      targetWeight: typedMeasure('0'),
      startWeight: typedMeasure('90'),
      startDate: '2025-02-30',
      targetDate: '2025-09-01',
    };
    expect(validateForm(form, baseline, wireErrors)).toEqual({
      password: 'Password must be at least 8 characters',
      firstName: 'First name is required',
      email: 'Email is not valid',
      heightCm: 'Height must be greater than 0 and less than 300 cm',
      targetWeightKg: 'Target weight must be greater than 0 and less than 1000 kg',
      startDate: 'Start date must be a real calendar date (yyyy-MM-dd)',
    });
  });

  it('finds the tab of the first failing field', () => {
    expect(tabOfFirstError({ targetDate: 'x', email: 'y' })).toBe('account');
    expect(tabOfFirstError({ themeColor: 'x', targetDate: 'y' })).toBe('preferences');
    expect(tabOfFirstError({ targetDate: 'y' })).toBe('goals');
    expect(tabOfFirstError({ general: 'y' })).toBeUndefined();
  });
});

describe('keptSinceSent', () => {
  it('takes the saved values, but keeps what was typed while the save was on its way', () => {
    const user = makeUser();
    const sent: SettingsForm = { ...formFor(user), firstName: 'Grace', password: 'a-new-secret-1', currentPassword: 'old' };
    // typed meanwhile, on the Goals tab
    const current: SettingsForm = { ...sent, targetWeight: typedMeasure('70'), targetDate: '2026-06-30' };
    const fresh: SettingsForm = { ...formFor({ ...user, firstName: 'Grace' }), password: '', currentPassword: '' };
    const next = keptSinceSent(fresh, sent, current);
    expect(next.firstName).toBe('Grace');
    expect(next.password).toBe('');
    expect(next.currentPassword).toBe('');
    expect(next.targetWeight).toBe(current.targetWeight);
    expect(next.targetDate).toBe('2026-06-30');
  });

  it('is the saved form when nothing was typed meanwhile', () => {
    const sent = formFor(makeUser());
    const fresh = formFor(makeUser({ firstName: 'Saved' }));
    expect(keptSinceSent(fresh, sent, sent)).toEqual(fresh);
  });
});
