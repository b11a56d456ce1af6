import type { ChangeEvent } from 'react';
import './honeypot-field.css';

interface Props {
  /** A plausible name a bot would fill in ("Fax", "Website"). */
  label: string;
  /** The form's binding for the field; the server refuses a submission where it is not empty. */
  input: { id: string; name: string; value: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void };
}

/** A field people never see or reach: a bot that fills every input gives itself away by filling this one. */
export function HoneypotField({ label, input }: Props) {
  return (
    <div className="honeypot-field" aria-hidden="true">
      <label htmlFor={input.id}>{label}</label>
      <input type="text" tabIndex={-1} autoComplete="off" {...input} />
    </div>
  );
}
