/** The generated SVG that replaces a missing or broken event image (spec 01 §5, §8, §9). */
import { categoryColor } from '../../lib/categories.ts';

export const PLACEHOLDER_WIDTH = 400;
export const PLACEHOLDER_HEIGHT = 300;
const NAME_LIMIT = 20;

/** Long names are cut to 20 characters plus '...'. */
export function shortenName(name: string): string {
  const trimmed = name.trim();
  return trimmed.length > NAME_LIMIT ? `${trimmed.slice(0, NAME_LIMIT)}...` : trimmed;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export interface PlaceholderInput {
  name: string;
  category?: string | null;
  width?: number;
  height?: number;
}

export function placeholderSvg({
  name,
  category,
  width = PLACEHOLDER_WIDTH,
  height = PLACEHOLDER_HEIGHT,
}: PlaceholderInput): string {
  const fontSize = Math.max(12, Math.round(width / 16));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="100%" height="100%" fill="${categoryColor(category)}"/>`,
    `<text x="50%" y="50%" fill="#ffffff" font-family="system-ui, sans-serif" font-size="${fontSize}" `,
    `text-anchor="middle" dominant-baseline="middle">${escapeXml(shortenName(name))}</text>`,
    '</svg>',
  ].join('');
}

/** A data URI, so the placeholder needs no network at all. */
export function placeholderDataUri(input: PlaceholderInput): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(placeholderSvg(input))}`;
}
