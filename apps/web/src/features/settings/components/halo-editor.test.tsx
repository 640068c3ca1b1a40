// @vitest-environment happy-dom
import { DEFAULT_COLOR_THEME } from '@doers/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { HALO_PALETTE } from '../../../components/ui/halo';
import { HaloEditor } from './halo-editor';

afterEach(cleanup);

/** The editor as the profile form holds it: the state lives above it. */
function Harness({ color = DEFAULT_COLOR_THEME, intensity = 0.5 }) {
  const [state, setState] = useState({ color, intensity });
  return (
    <>
      <HaloEditor
        color={state.color}
        intensity={state.intensity}
        onColorChange={(next) => setState((s) => ({ ...s, color: next }))}
        onIntensityChange={(next) => setState((s) => ({ ...s, intensity: next }))}
        name="Ada"
        pictureUrl={null}
      />
      <p data-testid="saved">{`${state.color} ${state.intensity}`}</p>
    </>
  );
}

/** The avatar inside the live preview, and the halo it draws. */
/** Leaves the field as a person does: the browser sends blur and focusout (which Preact hears). */
function leave(field: HTMLElement) {
  act(() => {
    field.focus();
    field.blur();
  });
}

function preview() {
  const avatar = screen.getByRole('group', { name: 'Halo preview' }).querySelector('.avatar');
  if (!(avatar instanceof HTMLElement)) throw new Error('no avatar in the preview');
  const style = avatar.style;
  return {
    ring: style.getPropertyValue('--ring'),
    blur: style.getPropertyValue('--halo-blur'),
    alpha: style.getPropertyValue('--halo-alpha'),
    initial: avatar.textContent,
  };
}

describe('HaloEditor', () => {
  it('previews the saved colour and glow, with the initial when there is no photo', () => {
    render(<Harness color="#8B5CF6" intensity={0.5} />);
    expect(preview()).toEqual({ ring: '#8B5CF6', blur: '16px', alpha: '43%', initial: 'A' });
    expect((screen.getByRole('radio', { name: 'Violet' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Colour code') as HTMLInputElement).value).toBe('#8B5CF6');
  });

  it('a swatch changes the ring of the preview and the colour code', () => {
    render(<Harness />);
    expect(HALO_PALETTE).toHaveLength(8);
    fireEvent.click(screen.getByRole('radio', { name: 'Rose' }));
    expect(preview().ring).toBe('#E84393');
    expect((screen.getByLabelText('Colour code') as HTMLInputElement).value).toBe('#E84393');
    expect(screen.getByTestId('saved').textContent).toContain('#E84393 0.5');
  });

  it('takes a custom colour from the colour well or typed, in any case, with or without #', () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('Custom colour'), { target: { value: '#123abc' } });
    expect(preview().ring).toBe('#123ABC');
    expect((screen.getByRole('radio', { name: 'Sky' }) as HTMLInputElement).checked).toBe(false);

    const code = screen.getByLabelText('Colour code');
    fireEvent.change(code, { target: { value: '00ff7f' } });
    expect(preview().ring).toBe('#00FF7F');
    // Three digits may be the start of six: applied when the field is left.
    fireEvent.change(code, { target: { value: '#f0a' } });
    expect(preview().ring).toBe('#00FF7F');
    leave(code);
    expect(preview().ring).toBe('#FF00AA');
    expect((code as HTMLInputElement).value).toBe('#FF00AA');
  });

  it('says what is wrong with a colour code, and keeps the last good colour', () => {
    render(<Harness />);
    const code = screen.getByLabelText('Colour code');
    fireEvent.change(code, { target: { value: '#12' } });
    expect(screen.queryByRole('alert')).toBeNull(); // still being typed
    fireEvent.change(code, { target: { value: '#GG0000' } });
    expect(screen.getByRole('alert').textContent).toContain('Write a colour as #RRGGBB');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(preview().ring).toBe(DEFAULT_COLOR_THEME);
    leave(code);
    expect((code as HTMLInputElement).value).toBe(DEFAULT_COLOR_THEME);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the glow slider drives the preview: none at 0, strongest at 1, read aloud in words', () => {
    render(<Harness />);
    const slider = screen.getByRole('slider', { name: 'Halo glow' });
    expect(slider.getAttribute('aria-valuetext')).toBe('Medium glow (50%)');

    fireEvent.change(slider, { target: { value: '0' } });
    expect(preview()).toMatchObject({ blur: '0px', alpha: '0%' });
    expect(slider.getAttribute('aria-valuetext')).toBe('No glow (0%)');
    expect(screen.getByText('0%').tagName).toBe('OUTPUT');

    fireEvent.change(slider, { target: { value: '1' } });
    expect(preview()).toMatchObject({ blur: '32px', alpha: '85%' });
    expect(slider.getAttribute('aria-valuetext')).toBe('Strong glow (100%)');

    fireEvent.change(slider, { target: { value: '0.25' } });
    expect(screen.getByTestId('saved').textContent).toContain(`${DEFAULT_COLOR_THEME} 0.25`);
    expect(slider.getAttribute('aria-valuetext')).toBe('Soft glow (25%)');
  });
});
