import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DisclosureSection } from './disclosure-section.tsx';

afterEach(cleanup);

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <DisclosureSection
      id="s"
      className="box"
      toggleClassName="btn"
      toggle="Subscribe to updates"
      open={open}
      onOpenChange={setOpen}
    >
      {open && <form id="s-form" aria-label="The form" />}
    </DisclosureSection>
  );
}

describe('DisclosureSection', () => {
  it('is named by its toggle, which opens and closes the form it controls', () => {
    render(<Harness />);
    const toggle = screen.getByRole('button', { name: 'Subscribe to updates' });
    expect(screen.getByRole('region', { name: 'Subscribe to updates' })).toBeTruthy();
    expect(toggle.getAttribute('aria-controls')).toBe('s-form');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('form', { name: 'The form' })).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('form', { name: 'The form' }).id).toBe('s-form');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('form', { name: 'The form' })).toBeNull();
  });
});
