import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SelectField } from './select-field.tsx';
import { TextField } from './text-field.tsx';

afterEach(cleanup);

describe('TextField', () => {
  it('names its input by the label, passes the input props on and hands over the typed text', () => {
    const onChange = vi.fn();
    render(
      <TextField id="f-email" label="Email" className="field" type="email" required value="" onChange={onChange}>
        <small>after the input</small>
      </TextField>,
    );
    const input = screen.getByLabelText('Email') as HTMLInputElement;
    expect(input.type).toBe('email');
    expect(input.required).toBe(true);
    expect(input.parentElement?.className).toBe('field');
    expect(input.nextElementSibling?.textContent).toBe('after the input');
    fireEvent.change(input, { target: { value: 'ana@example.com' } });
    expect(onChange).toHaveBeenCalledWith('ana@example.com');
  });
});

describe('SelectField', () => {
  it('lists the options in order under its label and hands over the chosen value', () => {
    const onChange = vi.fn();
    const options = [
      { value: 'all', label: 'All cities' },
      { value: 'Madrid', label: 'Madrid' },
    ];
    render(
      <SelectField id="f-city" label="City" className="field" value="all" options={options} onChange={onChange} />,
    );
    const select = screen.getByLabelText('City') as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(['All cities', 'Madrid']);
    fireEvent.change(select, { target: { value: 'Madrid' } });
    expect(onChange).toHaveBeenCalledWith('Madrid');
  });
});
