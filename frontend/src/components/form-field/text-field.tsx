import type { InputHTMLAttributes, ReactNode } from 'react';

interface Props extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'className' | 'children'
> {
  id: string;
  label: string;
  value: string;
  /** The new text, as typed. */
  onChange: (value: string) => void;
  /** The wrapper's classes: the place's own field layout. */
  className: string;
  /** What follows the input inside the field (a datalist of suggestions). */
  children?: ReactNode;
}

/** A one-line input under its label, the two tied by `id`; the rest of the props go to the input. */
export function TextField({ id, label, value, onChange, className, children, ...input }: Props) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <input {...input} id={id} value={value} onChange={(event) => onChange(event.target.value)} />
      {children}
    </div>
  );
}
