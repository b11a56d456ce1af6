// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ZonedText } from './zoned-text.tsx';

describe('ZonedText', () => {
  it('hydrates over text the server read from other zone data without a mismatch, then shows the browser text', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <p>
        <ZonedText>10:30 AM GMT-8</ZonedText>
      </p>,
    );
    const errors: unknown[] = [];
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    await act(async () => {
      hydrateRoot(
        container,
        <p>
          <ZonedText>11:30 AM GMT-7</ZonedText>
        </p>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('11:30 AM GMT-7');
    // The paragraph is the server's node, kept; only the text's own element was replaced.
    expect(container.querySelectorAll('p')).toHaveLength(1);
  });
});
