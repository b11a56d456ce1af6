import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FatalErrorBoundary } from './fatal-error-boundary.tsx';

function Broken(): never {
  throw new Error('render failed');
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('fatal error screen', () => {
  it("replaces a page whose rendering throws with the spec's texts and a Refresh Page button", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <FatalErrorBoundary>
        <Broken />
      </FatalErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('An error occurred while loading the application. Try refreshing the page.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
  });
});
