/**
 * Colours and type of the mails. Light values are what every client shows; the `dark` ones are applied by the
 * few clients that honour `prefers-color-scheme` (Apple Mail, Outlook.com, some Gmail apps). The rest invert
 * light colours themselves, so text never sits on an image and buttons are a saturated fill that survives it.
 */
export const colours = {
  page: '#f2f1f6',
  card: '#ffffff',
  ink: '#16141f',
  muted: '#5d5a6b',
  faint: '#8a8798',
  rule: '#e6e4ee',
  brand: '#5b3fd6',
  brandInk: '#ffffff',
  accent: '#c2410c',
  dark: {
    page: '#0f0e14',
    card: '#1b1a23',
    ink: '#f1f0f5',
    muted: '#bdbacb',
    faint: '#9a97aa',
    rule: '#2d2b38',
    brand: '#8b76f0',
    accent: '#fb923c',
  },
} as const;

export const fontStack = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
