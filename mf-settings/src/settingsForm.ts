import { normalizeEmail, TARGET_BEFORE_START } from '@app/contract';
import {
  validateHexColor,
  type ColorScheme,
  type Gender,
  type Goal,
  type Preferences,
  type UnitSystem,
  type UpdateGoalRequest,
  type UpdateMeRequest,
  type User,
  type WeekStartsOn,
} from '@app/kit';
import { convertMeasure, measureFromMetric, measureToMetric, type Measure } from './measure';

/** 'data' holds immediate actions (import, export, tokens, deletion): it is outside the Save flow. */
export type TabKey = 'account' | 'preferences' | 'goals' | 'reminders' | 'data';

/** Everything the Settings screen edits. Measures are in `unit`, the unit chosen on the Preferences tab. */
export interface SettingsForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  currentPassword: string;
  gender: Gender | '';
  dateOfBirth: string;
  height: Measure;
  unit: UnitSystem;
  weekStartsOn: WeekStartsOn;
  timeZone: string;
  colorScheme: ColorScheme;
  alignToCalendar: boolean;
  /** The hex input as typed; the applied theme colour lives in the preferences. */
  hexInput: string;
  startWeight: Measure;
  targetWeight: Measure;
  startDate: string;
  targetDate: string;
}

export type FormKey = keyof SettingsForm;

/** The saved state a form is compared with: what the server holds (and the client preferences). */
export interface Baseline {
  user: User;
  goal: Goal | null;
  /** False for an account made through a sign-in provider, which has no password yet (default: it has one). */
  hasPassword?: boolean;
}

/** PATCH /users/me body; the API also takes currentPassword (needed to change email or password). */
export type ProfilePatch = UpdateMeRequest & { currentPassword?: string };

/** Error keys are the API's field names; a form key maps onto the one its errors arrive under. */
export const ERROR_KEY: Partial<Record<FormKey, string>> = {
  height: 'heightCm',
  startWeight: 'startWeightKg',
  targetWeight: 'targetWeightKg',
  hexInput: 'themeColor',
  unit: 'unitPreference',
};

export function errorKeyOf(key: FormKey): string {
  return ERROR_KEY[key] ?? key;
}

/** Error fields in screen order, with the tab that shows each: the first failing one picks the tab. */
export const FIELD_TABS: ReadonlyArray<readonly [string, TabKey]> = [
  ['avatar', 'account'],
  ['firstName', 'account'],
  ['lastName', 'account'],
  ['email', 'account'],
  ['password', 'account'],
  ['currentPassword', 'account'],
  ['gender', 'account'],
  ['dateOfBirth', 'account'],
  ['heightCm', 'account'],
  ['themeColor', 'preferences'],
  ['unitPreference', 'preferences'],
  ['weekStartsOn', 'preferences'],
  ['timeZone', 'preferences'],
  ['colorScheme', 'preferences'],
  ['startWeightKg', 'goals'],
  ['targetWeightKg', 'goals'],
  ['startDate', 'goals'],
  ['targetDate', 'goals'],
];

/** The tab holding the first field with an error, or undefined when no error belongs to a field. */
export function tabOfFirstError(errors: Record<string, string | undefined>): TabKey | undefined {
  return FIELD_TABS.find(([field]) => errors[field] !== undefined)?.[1];
}

export const MESSAGES = {
  emailRequired: 'Email is required',
  currentPasswordRequired: 'Enter your current password to change email or password',
  startWeightRequired: 'Starting weight is required',
  targetWeightRequired: 'Target weight is required',
  startDateRequired: 'Starting date is required',
  targetDateRequired: 'Target date is required',
} as const;

/** The form as loaded: server values in the user's unit, client preferences from the store. */
export function initialForm(baseline: Baseline, prefs: Pick<Preferences, 'alignToCalendar' | 'themeColor'>): SettingsForm {
  const { user, goal } = baseline;
  const unit = user.unitPreference;
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    password: '',
    currentPassword: '',
    gender: user.gender ?? '',
    dateOfBirth: user.dateOfBirth ?? '',
    height: measureFromMetric(user.heightCm, 'height', unit),
    unit,
    weekStartsOn: user.weekStartsOn,
    timeZone: user.timeZone,
    colorScheme: user.colorScheme,
    alignToCalendar: prefs.alignToCalendar,
    hexInput: prefs.themeColor,
    startWeight: measureFromMetric(goal?.startWeightKg, 'weight', unit),
    targetWeight: measureFromMetric(goal?.targetWeightKg, 'weight', unit),
    startDate: goal?.startDate ?? '',
    targetDate: goal?.targetDate ?? '',
  };
}

/** Unit switch: height and both goal weights are re-expressed, nothing typed is lost. */
export function switchUnit(form: SettingsForm, unit: UnitSystem): SettingsForm {
  if (unit === form.unit) return form;
  return {
    ...form,
    unit,
    height: convertMeasure(form.height, 'height', form.unit, unit),
    startWeight: convertMeasure(form.startWeight, 'weight', form.unit, unit),
    targetWeight: convertMeasure(form.targetWeight, 'weight', form.unit, unit),
  };
}

/** Equal within floating-point noise of a unit round trip (180 cm → in → cm). */
function sameNumber(a: number | null | undefined, b: number | null | undefined): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return a === b;
  return Math.abs(a - b) < 1e-6;
}

export function emailChanged(form: SettingsForm, user: User): boolean {
  return normalizeEmail(form.email) !== normalizeEmail(user.email);
}

/** The current password is asked for once a new password or a changed email is entered. */
export function needsCurrentPassword(form: SettingsForm, user: User, hasPassword = true): boolean {
  // an account made through a sign-in provider has no password to give: the server asks for a recent sign-in instead
  return hasPassword && (form.password !== '' || emailChanged(form, user));
}

/** PATCH /users/me body with only what changed; empty optional values are left out. Null: nothing to send. */
export function buildProfilePatch(form: SettingsForm, user: User): ProfilePatch | null {
  const patch: ProfilePatch = {};
  // Names are not optional: an emptied name is sent so the API can say it is required.
  if (form.firstName !== user.firstName) patch.firstName = form.firstName;
  if (form.lastName !== user.lastName) patch.lastName = form.lastName;
  if (form.email.trim() !== '' && emailChanged(form, user)) patch.email = form.email.trim();
  if (form.password !== '') patch.password = form.password;
  if ((patch.email !== undefined || patch.password !== undefined) && form.currentPassword !== '')
    patch.currentPassword = form.currentPassword;
  if (form.gender !== '' && form.gender !== user.gender) patch.gender = form.gender;
  if (form.dateOfBirth !== '' && form.dateOfBirth !== user.dateOfBirth) patch.dateOfBirth = form.dateOfBirth;
  const heightCm = measureToMetric(form.height, 'height', form.unit);
  if (heightCm !== undefined && !sameNumber(heightCm, user.heightCm)) patch.heightCm = heightCm;
  if (form.unit !== user.unitPreference) patch.unitPreference = form.unit;
  if (form.weekStartsOn !== user.weekStartsOn) patch.weekStartsOn = form.weekStartsOn;
  if (form.timeZone !== user.timeZone) patch.timeZone = form.timeZone;
  if (form.colorScheme !== user.colorScheme) patch.colorScheme = form.colorScheme;
  return Object.keys(patch).length > 0 ? patch : null;
}

interface GoalValues {
  startWeightKg: number | undefined;
  targetWeightKg: number | undefined;
  startDate: string | undefined;
  targetDate: string | undefined;
}

function goalValues(form: SettingsForm): GoalValues {
  return {
    startWeightKg: measureToMetric(form.startWeight, 'weight', form.unit),
    targetWeightKg: measureToMetric(form.targetWeight, 'weight', form.unit),
    startDate: form.startDate || undefined,
    targetDate: form.targetDate || undefined,
  };
}

/** True when the goal fields differ from the saved goal (or, with none saved, when anything is filled in). */
export function goalTouched(form: SettingsForm, goal: Goal | null): boolean {
  const values = goalValues(form);
  const blankText = [form.startWeight.text, form.targetWeight.text, form.startDate, form.targetDate].every((t) => t.trim() === '');
  if (!goal) return !blankText;
  return (
    !sameNumber(values.startWeightKg, goal.startWeightKg) ||
    !sameNumber(values.targetWeightKg, goal.targetWeightKg) ||
    values.startDate !== goal.startDate ||
    values.targetDate !== goal.targetDate
  );
}

/** PATCH /goals body with the changed fields (all four when creating), weights in kg unrounded. Null: nothing to send. */
export function buildGoalPatch(form: SettingsForm, goal: Goal | null): UpdateGoalRequest | null {
  if (!goalTouched(form, goal)) return null;
  const values = goalValues(form);
  const patch: UpdateGoalRequest = {};
  if (values.startWeightKg !== undefined && !sameNumber(values.startWeightKg, goal?.startWeightKg))
    patch.startWeightKg = values.startWeightKg;
  if (values.targetWeightKg !== undefined && !sameNumber(values.targetWeightKg, goal?.targetWeightKg))
    patch.targetWeightKg = values.targetWeightKg;
  if (values.startDate !== undefined && values.startDate !== goal?.startDate) patch.startDate = values.startDate;
  if (values.targetDate !== undefined && values.targetDate !== goal?.targetDate) patch.targetDate = values.targetDate;
  return Object.keys(patch).length > 0 ? patch : null;
}

/** The API's own rules on the bodies a save would send, by field (wireErrors.ts, loaded when a save is checked). */
export type WireCheck = (profile: ProfilePatch | null, goal: UpdateGoalRequest | null) => Record<string, string>;

/**
 * Client checks before anything is sent, keyed by the API's field names: what the form requires, then the API's own
 * rules on the bodies the save would send (password length, height, names, goal weights...), in the API's words.
 */
export function validateForm(form: SettingsForm, baseline: Baseline, checkWire: WireCheck): Record<string, string> {
  const errors: Record<string, string> = checkWire(buildProfilePatch(form, baseline.user), buildGoalPatch(form, baseline.goal));
  if (form.email.trim() === '') errors.email = MESSAGES.emailRequired;
  if (needsCurrentPassword(form, baseline.user, baseline.hasPassword) && form.currentPassword === '')
    errors.currentPassword = MESSAGES.currentPasswordRequired;
  if (form.hexInput !== '') {
    const hex = validateHexColor(form.hexInput);
    if (!hex.ok) errors.themeColor = hex.error;
  }
  // The goal's fields are all required once a goal exists or is being created.
  if (baseline.goal || goalTouched(form, baseline.goal)) {
    if (form.startWeight.value === undefined) errors.startWeightKg = MESSAGES.startWeightRequired;
    if (form.targetWeight.value === undefined) errors.targetWeightKg = MESSAGES.targetWeightRequired;
    if (form.startDate === '') errors.startDate = MESSAGES.startDateRequired;
    if (form.targetDate === '') errors.targetDate = MESSAGES.targetDateRequired;
    else if (form.startDate !== '' && form.targetDate < form.startDate) errors.targetDate ??= TARGET_BEFORE_START;
  }
  return errors;
}

/**
 * The form after a save landed: the saved values (`fresh`), except the fields changed while the save was on its way,
 * which were not in it and are kept as typed.
 */
export function keptSinceSent(fresh: SettingsForm, sent: SettingsForm, current: SettingsForm): SettingsForm {
  const next: Record<string, unknown> = { ...fresh };
  for (const key of Object.keys(current) as Array<keyof SettingsForm>) if (current[key] !== sent[key]) next[key] = current[key];
  return next as unknown as SettingsForm;
}
