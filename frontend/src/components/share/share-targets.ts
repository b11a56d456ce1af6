/** The six share targets of spec 01 §7; the share control renders each as a link that opens a new window. */
export interface ShareContent {
  url: string;
  title: string;
  text?: string;
}

export interface ShareTarget {
  id: 'facebook' | 'telegram' | 'whatsapp' | 'x' | 'reddit' | 'email';
  label: string;
  href(content: ShareContent): string;
}

const q = encodeURIComponent;

export const SHARE_TARGETS: readonly ShareTarget[] = [
  { id: 'facebook', label: 'Facebook', href: (c) => `https://www.facebook.com/sharer/sharer.php?u=${q(c.url)}` },
  { id: 'telegram', label: 'Telegram', href: (c) => `https://t.me/share/url?url=${q(c.url)}&text=${q(c.title)}` },
  { id: 'whatsapp', label: 'WhatsApp', href: (c) => `https://wa.me/?text=${q(`${c.title} ${c.url}`)}` },
  { id: 'x', label: 'X', href: (c) => `https://twitter.com/intent/tweet?url=${q(c.url)}&text=${q(c.title)}` },
  { id: 'reddit', label: 'Reddit', href: (c) => `https://www.reddit.com/submit?url=${q(c.url)}&title=${q(c.title)}` },
  {
    id: 'email',
    label: 'Email',
    href: (c) => `mailto:?subject=${q(c.title)}&body=${q(c.text ? `${c.text}\n\n${c.url}` : c.url)}`,
  },
];
