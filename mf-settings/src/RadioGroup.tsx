import { useId } from 'react';

interface RadioGroupProps<T extends string | number | boolean> {
  legend: string;
  name: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
  error?: string;
}

/**
 * A fieldset of native radios: arrow keys, labels and grouping come from the platform. An error is each radio's
 * description and marks it invalid, so it is read with the radio and a failed save can take focus to it.
 */
export function RadioGroup<T extends string | number | boolean>({ legend, name, value, options, onChange, error }: RadioGroupProps<T>) {
  const errorId = useId();
  return (
    <fieldset className="st-fieldset">
      <legend>{legend}</legend>
      <div className="st-radios">
        {options.map((option) => (
          <label key={String(option.value)} className="st-radio">
            <input
              type="radio"
              name={name}
              value={String(option.value)}
              checked={option.value === value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </fieldset>
  );
}
