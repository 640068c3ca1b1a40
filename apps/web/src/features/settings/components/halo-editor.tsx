import { useId, useState } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import {
  HALO_PALETTE,
  describeHaloIntensity,
  haloColor,
  normalizeHexColor,
  roundHaloIntensity,
} from '../../../components/ui/halo';
import { IconCheck } from '../../../components/ui/icons';
import '../../../components/ui/field.css';
import './halo-editor.css';

interface HaloEditorProps {
  /** #RRGGBB */
  color: string;
  /** 0–1 */
  intensity: number;
  onColorChange(color: string): void;
  onIntensityChange(intensity: number): void;
  /** For the preview: the person's name (its initial without a photo) and photo. */
  name: string;
  pictureUrl: string | null;
  disabled?: boolean;
}

/** The halo's colour (a palette, or any colour) and glow, with a live preview of the avatar. */
export function HaloEditor({
  color,
  intensity,
  onColorChange,
  onIntensityChange,
  name,
  pictureUrl,
  disabled = false,
}: HaloEditorProps) {
  const id = useId();
  const current = haloColor(color);
  const inPalette = HALO_PALETTE.some((swatch) => swatch.value === current);
  const [hexText, setHexText] = useState(current);
  const [shownColor, setShownColor] = useState(current);
  // A swatch or the colour well changed the colour: the code field follows it.
  if (shownColor !== current) {
    setShownColor(current);
    setHexText(current);
  }
  // Judged once it is long enough to be a whole colour: '#1F' is a start, not a mistake.
  const hexValid =
    normalizeHexColor(hexText) !== null || hexText.trim().replace('#', '').length < 6;

  return (
    <div className="halo-editor">
      <figure className="halo-editor__preview" aria-label="Halo preview" role="group">
        <Avatar
          name={name}
          src={pictureUrl}
          size={96}
          ringColor={current}
          haloIntensity={intensity}
        />
        <figcaption className="muted">Preview · {describeHaloIntensity(intensity)}</figcaption>
      </figure>

      <fieldset className="halo-editor__colors" disabled={disabled}>
        <legend className="field__label">Halo colour</legend>
        <div className="swatches">
          {HALO_PALETTE.map((swatch) => {
            const checked = swatch.value === current;
            return (
              <label key={swatch.value} className={`swatch${checked ? ' is-on' : ''}`}>
                <input
                  type="radio"
                  name={`${id}-color`}
                  value={swatch.value}
                  checked={checked}
                  onChange={() => onColorChange(swatch.value)}
                  aria-label={swatch.name}
                />
                <span
                  className="swatch__dot"
                  style={{ background: swatch.value }}
                  aria-hidden="true"
                >
                  {checked && <IconCheck size={18} />}
                </span>
              </label>
            );
          })}
        </div>
        <div className="halo-editor__custom">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-well`}>
              Custom colour
            </label>
            <input
              id={`${id}-well`}
              className={`halo-editor__well${inPalette ? '' : ' is-on'}`}
              type="color"
              value={current.toLowerCase()}
              onChange={(event) => {
                const next = normalizeHexColor(event.target.value);
                if (next) onColorChange(next);
              }}
            />
          </div>
          <div className={`field halo-editor__hex${hexValid ? '' : ' field--invalid'}`}>
            <label className="field__label" htmlFor={`${id}-hex`}>
              Colour code
            </label>
            <input
              id={`${id}-hex`}
              className="field__input"
              value={hexText}
              maxLength={7}
              spellCheck={false}
              autoCapitalize="characters"
              aria-invalid={hexValid ? undefined : true}
              aria-describedby={hexValid ? undefined : `${id}-hex-error`}
              onChange={(event) => {
                setHexText(event.target.value);
                // Six digits apply at once; '#ABC' waits for the blur, it may be a start.
                if (/^#?[0-9a-f]{6}$/i.test(event.target.value.trim())) {
                  onColorChange(normalizeHexColor(event.target.value)!);
                }
              }}
              onBlur={() => {
                const next = normalizeHexColor(hexText);
                if (next && next !== current) onColorChange(next);
                else setHexText(current);
              }}
            />
            {!hexValid && (
              <p id={`${id}-hex-error`} className="field__error" role="alert">
                Write a colour as #RRGGBB, like #4A90E2
              </p>
            )}
          </div>
        </div>
      </fieldset>

      <div className="field">
        <label className="field__label" htmlFor={`${id}-glow`}>
          Halo glow
        </label>
        <div className="halo-editor__slider">
          <input
            id={`${id}-glow`}
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={intensity}
            disabled={disabled}
            aria-valuetext={describeHaloIntensity(intensity)}
            aria-describedby={`${id}-glow-value`}
            onChange={(event) => onIntensityChange(roundHaloIntensity(Number(event.target.value)))}
            style={{ accentColor: current }}
          />
          <output id={`${id}-glow-value`} htmlFor={`${id}-glow`} className="halo-editor__value">
            {Math.round(intensity * 100)}%
          </output>
        </div>
      </div>
    </div>
  );
}
