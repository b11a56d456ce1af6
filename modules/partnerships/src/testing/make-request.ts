/** A valid partnership form, with overrides: the factory the specs build their cases from. */
export function makeRequestForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    company: 'Lisbon Live Lda',
    contact_name: 'Marta Sousa',
    email: 'marta@lisbonlive.example',
    phone: '+351 912 345 678',
    website: 'https://lisbonlive.example',
    partnership_type: 'event_organizer',
    message: 'We run 40 concerts a year and would like to list them.',
    ...overrides,
  };
}
