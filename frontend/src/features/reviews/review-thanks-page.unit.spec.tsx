import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ReviewThanksPage } from './review-thanks-page.tsx';

describe('ReviewThanksPage', () => {
  it('thanks the visitor, says the review waits for moderation, and leads back to reviews and events', () => {
    render(
      <MemoryRouter>
        <ReviewThanksPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank you!');
    expect(screen.getByText('Your review will be published after moderation.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read reviews' }).getAttribute('href')).toBe('/reviews');
    expect(screen.getByRole('link', { name: 'Back to Events' }).getAttribute('href')).toBe('/');
  });
});
