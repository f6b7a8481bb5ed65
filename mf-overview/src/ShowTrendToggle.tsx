interface Props {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** 'Show trend': draws or hides the smoothed trend line; the choice is a preference, so it is remembered. */
export function ShowTrendToggle({ checked, onChange }: Props) {
  return (
    <label className="ov-trend-toggle">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      Show trend
    </label>
  );
}
