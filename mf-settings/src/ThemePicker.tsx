import { DEFAULT_THEME_COLOR, Field, THEME_PALETTE, themeColors, useColorScheme, validateHexColor } from '@app/kit';

interface ThemePickerProps {
  /** The applied theme colour, lowercase '#rrggbb'. */
  current: string;
  hexInput: string;
  error?: string;
  onHexInput: (text: string) => void;
  onPick: (hex: string) => void;
  onHexBlur: () => void;
}

/**
 * The 10 named colours as radio swatches, plus a hex input (a valid colour applies at once) and a way back to the
 * product's own teal, which is none of the ten.
 */
export function ThemePicker({ current, hexInput, error, onHexInput, onPick, onHexBlur }: ThemePickerProps) {
  const scheme = useColorScheme();
  // a colour too light (or too dark) to read as text keeps its fills; text and links use a readable shade of it
  const shaded = themeColors(current, scheme).primaryText !== current;
  const typeHex = (text: string) => {
    onHexInput(text);
    const result = validateHexColor(text);
    if (result.ok) onPick(result.hex);
  };
  return (
    <fieldset className="st-fieldset">
      <legend>Theme color</legend>
      <div className="st-swatches">
        {THEME_PALETTE.map(({ name, hex }) => (
          <label key={hex} className="st-swatch" title={name}>
            <input
              type="radio"
              name="st-theme"
              value={hex}
              aria-label={name}
              checked={current === hex}
              onChange={() => {
                onHexInput(hex);
                onPick(hex);
              }}
            />
            <span className="st-swatch-color" style={{ background: hex }} aria-hidden="true" />
            <span className="st-swatch-name" aria-hidden="true">
              {name}
            </span>
          </label>
        ))}
      </div>
      <Field
        label="Hex color"
        error={error}
        errorAlert
        className="st-hex"
        hint={shaded ? 'Text and links use a deeper shade of this colour, so they stay readable.' : undefined}
      >
        {(id, describedBy) => (
          <div className="st-hex-row">
            <span className="st-hex-sample" style={{ background: current }} aria-hidden="true" />
            <input
              id={id}
              maxLength={7}
              spellCheck={false}
              autoComplete="off"
              placeholder="#3ab0b9"
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
              value={hexInput}
              onChange={(e) => typeHex(e.target.value)}
              onBlur={onHexBlur}
            />
            <button
              type="button"
              className="button button-small"
              aria-pressed={current === DEFAULT_THEME_COLOR}
              onClick={() => {
                onHexInput(DEFAULT_THEME_COLOR);
                onPick(DEFAULT_THEME_COLOR);
              }}
            >
              Default colour
            </button>
          </div>
        )}
      </Field>
    </fieldset>
  );
}
