import { Field, rangeMessageInUnit, weightUnitLabel } from '@app/kit';
import type { TabProps } from './formProps';
import { typedMeasure } from './measure';
import type { FormKey } from './settingsForm';

interface GoalsTabProps extends TabProps {
  hasGoal: boolean;
}

export function GoalsTab({ form, errors, update, hasGoal }: GoalsTabProps) {
  const unit = weightUnitLabel(form.unit);
  const weight = (label: string, key: 'startWeight' | 'targetWeight', errorKey: string) => (
    <Field label={`${label} (${unit}) *`} error={rangeMessageInUnit(errors[errorKey], form.unit)}>
      {(id, describedBy) => (
        <input
          id={id}
          type="number"
          inputMode="decimal"
          step={0.1}
          min={0}
          required
          aria-describedby={describedBy}
          aria-invalid={errors[errorKey] ? true : undefined}
          value={form[key].text}
          onChange={(e) => update(key, typedMeasure(e.target.value))}
        />
      )}
    </Field>
  );
  const date = (label: string, key: Extract<FormKey, 'startDate' | 'targetDate'>) => (
    <Field label={`${label} *`} error={errors[key]}>
      {(id, describedBy) => (
        <input
          id={id}
          type="date"
          required
          aria-describedby={describedBy}
          aria-invalid={errors[key] ? true : undefined}
          value={form[key]}
          onChange={(e) => update(key, e.target.value)}
        />
      )}
    </Field>
  );
  return (
    <section className="st-section" aria-labelledby="st-goal">
      <h2 id="st-goal">Weight goal</h2>
      {!hasGoal && <p className="muted">You have no goal yet. Fill in all four fields and save to set one.</p>}
      <div className="st-grid">
        {weight('Starting weight', 'startWeight', 'startWeightKg')}
        {weight('Target weight', 'targetWeight', 'targetWeightKg')}
        {date('Starting date', 'startDate')}
        {date('Target date', 'targetDate')}
      </div>
      <p className="muted st-required-note">* required</p>
    </section>
  );
}
