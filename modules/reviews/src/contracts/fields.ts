/** Length caps of the review payloads; the field rules themselves are the platform's (`requiredText` and kin). */
export const LIMITS = {
  userName: 120,
  title: 200,
  comment: 5000,
  eventName: 200,
  eventLink: 2048,
  reason: 1000,
} as const;
