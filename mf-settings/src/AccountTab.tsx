import { Field, heightUnitLabel, rangeMessageInUnit, todayString, type Gender, type User } from '@app/kit';
import { AvatarEditor } from './AvatarEditor';
import type { TabProps } from './formProps';
import { typedMeasure } from './measure';
import type { AvatarChoice } from './saveSequence';
import { needsCurrentPassword } from './settingsForm';
import { useHasPassword } from './signInApi';
import { SignInMethodsSection } from './SignInMethodsSection';

const GENDERS: ReadonlyArray<{ value: Gender; label: string }> = [
  { value: 'MALE', label: 'Male' },
  { value: 'FEMALE', label: 'Female' },
  { value: 'OTHER', label: 'Other' },
];

interface AccountTabProps extends TabProps {
  user: User;
  avatar: AvatarChoice;
  onAvatarChange: (choice: AvatarChoice) => void;
  onAvatarRefused?: (message: string | null) => void;
}

export function AccountTab({ form, errors, update, user, avatar, onAvatarChange, onAvatarRefused }: AccountTabProps) {
  const hasPassword = useHasPassword();
  const askCurrent = needsCurrentPassword(form, user, hasPassword);
  return (
    <div className="st-sections">
      <section className="st-section" aria-labelledby="st-profile">
        <h2 id="st-profile">Profile</h2>
        <AvatarEditor
          savedUrl={user.avatarUrl}
          choice={avatar}
          onChange={onAvatarChange}
          error={errors.avatar}
          onRefused={onAvatarRefused}
        />
        <div className="st-grid">
          <Field label="First Name" error={errors.firstName}>
            {(id, describedBy) => (
              <input
                id={id}
                aria-describedby={describedBy}
                aria-invalid={errors.firstName ? true : undefined}
                autoComplete="given-name"
                value={form.firstName}
                onChange={(e) => update('firstName', e.target.value)}
              />
            )}
          </Field>
          <Field label="Last Name" error={errors.lastName}>
            {(id, describedBy) => (
              <input
                id={id}
                aria-describedby={describedBy}
                aria-invalid={errors.lastName ? true : undefined}
                autoComplete="family-name"
                value={form.lastName}
                onChange={(e) => update('lastName', e.target.value)}
              />
            )}
          </Field>
        </div>
        <Field label="Email" error={errors.email}>
          {(id, describedBy) => (
            <input
              id={id}
              type="email"
              required
              aria-describedby={describedBy}
              aria-invalid={errors.email ? true : undefined}
              autoComplete="email"
              value={form.email}
              onChange={(e) => update('email', e.target.value)}
            />
          )}
        </Field>
      </section>

      <section className="st-section" aria-labelledby="st-password">
        <h2 id="st-password">Password</h2>
        <Field
          label="New password"
          error={errors.password}
          hint={
            hasPassword
              ? '8 to 128 characters; leave empty to keep your password'
              : 'Your account has no password yet: set one (8 to 128 characters) within 10 minutes of signing in'
          }
        >
          {(id, describedBy) => (
            <input
              id={id}
              type="password"
              aria-describedby={describedBy}
              aria-invalid={errors.password ? true : undefined}
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => update('password', e.target.value)}
            />
          )}
        </Field>
        {askCurrent && (
          <Field label="Current password *" error={errors.currentPassword} hint="Needed to change your email or password">
            {(id, describedBy) => (
              <input
                id={id}
                type="password"
                required
                aria-describedby={describedBy}
                aria-invalid={errors.currentPassword ? true : undefined}
                autoComplete="current-password"
                value={form.currentPassword}
                onChange={(e) => update('currentPassword', e.target.value)}
              />
            )}
          </Field>
        )}
      </section>

      <SignInMethodsSection />

      <section className="st-section" aria-labelledby="st-body">
        <h2 id="st-body">Body Metrics</h2>
        <div className="st-grid">
          <Field label="Gender" error={errors.gender}>
            {(id, describedBy) => (
              <select
                id={id}
                autoComplete="sex"
                aria-describedby={describedBy}
                aria-invalid={errors.gender ? true : undefined}
                value={form.gender}
                onChange={(e) => update('gender', e.target.value as Gender | '')}
              >
                <option value="">Not set</option>
                {GENDERS.map((g) => (
                  <option key={g.value} value={g.value}>
                    {g.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Date of birth" error={errors.dateOfBirth}>
            {(id, describedBy) => (
              <input
                id={id}
                type="date"
                autoComplete="bday"
                max={todayString()}
                aria-describedby={describedBy}
                aria-invalid={errors.dateOfBirth ? true : undefined}
                value={form.dateOfBirth}
                onChange={(e) => update('dateOfBirth', e.target.value)}
              />
            )}
          </Field>
          <Field label={`Height (${heightUnitLabel(form.unit)})`} error={rangeMessageInUnit(errors.heightCm, form.unit)}>
            {(id, describedBy) => (
              <input
                id={id}
                type="number"
                inputMode="decimal"
                step={0.1}
                min={0}
                aria-describedby={describedBy}
                aria-invalid={errors.heightCm ? true : undefined}
                value={form.height.text}
                onChange={(e) => update('height', typedMeasure(e.target.value))}
              />
            )}
          </Field>
        </div>
      </section>
    </div>
  );
}
