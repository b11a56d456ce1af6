import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MapOptions } from './map-options.tsx';
import { MAP_DEBUG_HIDDEN_KEY, readDebugHidden, writeDebugHidden } from './debug-overlay.tsx';

afterEach(cleanup);

function renderOptions(props: Partial<Parameters<typeof MapOptions>[0]>) {
  render(
    <MapOptions
      onlyInView={false}
      showAll
      onOnlyInViewChange={vi.fn()}
      onShowAllChange={vi.fn()}
      status="idle"
      progress={null}
      onAbort={vi.fn()}
      onResume={vi.fn()}
      {...props}
    />,
  );
  return screen.getByTestId('map-load-progress').textContent;
}

describe('map load progress', () => {
  it('counts an aborted or failed load only once a page arrived', () => {
    expect(renderOptions({ status: 'aborted', progress: null })).toBe(
      'Map loading aborted before any events arrived Resume',
    );
    cleanup();
    expect(
      renderOptions({ status: 'aborted', progress: { loaded: 1000, total: 2500, cursor: 'c', done: false } }),
    ).toBe('Map loading aborted at 1000 of 2500 Resume');
    cleanup();
    expect(renderOptions({ status: 'error', progress: null })).toBe('Map loading failed Resume');
  });
});

describe('map debug overlay choice', () => {
  it('is shown unless the visitor hid it, and remembers the choice', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    expect(readDebugHidden(storage)).toBe(false);
    writeDebugHidden(true, storage);
    expect(store.get(MAP_DEBUG_HIDDEN_KEY)).toBe('true');
    expect(readDebugHidden(storage)).toBe(true);
    writeDebugHidden(false, storage);
    expect(readDebugHidden(storage)).toBe(false);
  });
});
