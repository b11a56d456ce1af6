/** A valid create body for tests; override only what the test is about. */
export function makePostBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'A Weekend in Lisbon',
    excerpt: 'Fado, rooftops and late concerts.',
    content: '# Lisbon\nSome **bold** advice.\nA second line.',
    category: 'City Guides',
    tags: 'lisbon, music',
    ...overrides,
  };
}
