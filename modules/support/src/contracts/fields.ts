/** Length caps of the ticket payloads; the field rules themselves are the platform's (`requiredText` and kin). */
export const LIMITS = {
  name: 120,
  phone: 40,
  subject: 200,
  description: 5000,
  message: 5000,
  pageUrl: 2048,
  browserField: 300,
  token: 200,
  search: 200,
} as const;
