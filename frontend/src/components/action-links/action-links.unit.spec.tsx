import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ActionLinks } from './action-links.tsx';

afterEach(cleanup);

describe('ActionLinks', () => {
  it('draws the first link as the primary button and the others as plain buttons, in order', () => {
    render(
      <MemoryRouter>
        <ActionLinks
          className="cta"
          links={[
            { to: '/reviews', label: 'Read reviews' },
            { to: '/', label: 'Back to Events' },
          ]}
        />
      </MemoryRouter>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.className])).toEqual([
      ['Read reviews', '/reviews', 'btn btn-primary'],
      ['Back to Events', '/', 'btn'],
    ]);
    expect(links[0]!.parentElement?.className).toBe('cta');
  });
});
