/**
 * The generated artwork that replaces a missing or broken event image (spec 01 §5, §8, §9): a
 * gradient in the category's colour, a pattern, the category's icon as a large watermark, and the event's name
 * laid out over up to three lines. It is a data URI, so it needs no network at all.
 *
 * Spec 01 §5 cut long names to 20 characters plus '...'; the artwork shows the name in full over two or three
 * lines instead (docs/decisions/023-visitor-visual-system.md). Only what does not fit in three lines is cut, with '...'.
 */
import { categoryColor } from '../../lib/categories.ts';
import { CATEGORY_GLYPHS } from './category-glyphs.ts';

export const PLACEHOLDER_WIDTH = 400;
export const PLACEHOLDER_HEIGHT = 300;
const MAX_LINES = 3;

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * Greedy word wrap into at most `maxLines` lines of `perLine` characters. Words longer than a line are split;
 * text left over after the last line ends it with '...'.
 */
export function wrapName(name: string, perLine: number, maxLines = MAX_LINES): string[] {
  const words = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => {
      const pieces: string[] = [];
      for (let start = 0; start < word.length; start += perLine) pieces.push(word.slice(start, start + perLine));
      return pieces;
    });
  const lines: string[] = [];
  let index = 0;
  while (index < words.length && lines.length < maxLines) {
    let line = words[index]!;
    index += 1;
    while (index < words.length && `${line} ${words[index]}`.length <= perLine) {
      line = `${line} ${words[index]}`;
      index += 1;
    }
    lines.push(line);
  }
  if (index < words.length) {
    const last = lines[lines.length - 1] ?? '';
    lines[lines.length - 1] = `${last.length + 3 > perLine ? last.slice(0, perLine - 3).trimEnd() : last}...`;
  }
  return lines;
}

/** The category colour darkened towards ink, for the far end of the gradient. */
function deepen(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((value >> shift) & 0xff) * 0.45 + 0x10 * 0.55);
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

/** Three pattern families, picked per category so neighbouring cards of different kinds look different. */
function pattern(kind: number, unit: number): string {
  const stroke = 'stroke="#ffffff" stroke-opacity="0.12" fill="none"';
  switch (kind % 3) {
    case 0:
      return `<pattern id="p" width="${unit}" height="${unit}" patternUnits="userSpaceOnUse"><circle cx="${unit / 2}" cy="${unit / 2}" r="${unit / 10}" fill="#ffffff" fill-opacity="0.14"/></pattern>`;
    case 1:
      return `<pattern id="p" width="${unit}" height="${unit}" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><line x1="0" y1="0" x2="0" y2="${unit}" ${stroke} stroke-width="${unit / 6}"/></pattern>`;
    default:
      return `<pattern id="p" width="${unit * 2}" height="${unit * 2}" patternUnits="userSpaceOnUse"><circle cx="${unit}" cy="${unit}" r="${unit * 0.8}" ${stroke} stroke-width="2"/></pattern>`;
  }
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
  const base = categoryColor(category);
  const glyph = CATEGORY_GLYPHS[category ?? ''] ?? CATEGORY_GLYPHS.Other!;
  // Wide artwork (the event page's hero) keeps a headline size rather than growing with the width.
  const fontSize = Math.max(12, Math.round(Math.min(width / 15, height / 8)));
  const lineHeight = Math.round(fontSize * 1.18);
  // Bold sans averages about 0.56 em per character; keep a margin of 8% on each side.
  const lines = wrapName(name, Math.max(8, Math.floor((width * 0.84) / (fontSize * 0.56))));
  // A little above the middle: cards put a date tile in the lower left corner.
  const firstBaseline = height * 0.45 - ((lines.length - 1) * lineHeight) / 2 + fontSize * 0.35;
  const iconSize = Math.round(Math.min(width, height) * 0.62);
  const tspans = lines
    .map(
      (line, index) =>
        `<tspan x="50%" y="${Math.round(firstBaseline + index * lineHeight)}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    '<defs>',
    `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${base}"/><stop offset="1" stop-color="${deepen(base)}"/></linearGradient>`,
    pattern(glyph.pattern, Math.round(width / 20)),
    '<radialGradient id="v" cx="0.5" cy="0.5" r="0.7"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></radialGradient>',
    '</defs>',
    `<rect width="100%" height="100%" fill="${base}"/>`,
    '<rect width="100%" height="100%" fill="url(#g)"/>',
    '<rect width="100%" height="100%" fill="url(#p)"/>',
    `<g transform="translate(${width - iconSize * 0.78} ${height / 2 - iconSize / 2}) scale(${iconSize / 24})" fill="none" stroke="#ffffff" stroke-opacity="0.2" stroke-width="1.4" stroke-linecap="round" stroke-linejoin="round"><path d="${glyph.path}"/></g>`,
    '<rect width="100%" height="100%" fill="url(#v)"/>',
    `<text fill="#ffffff" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" font-weight="700" font-size="${fontSize}" text-anchor="middle" style="paint-order:stroke" stroke="#000000" stroke-opacity="0.18" stroke-width="${Math.max(1, Math.round(fontSize / 10))}">`,
    tspans,
    '</text>',
    '</svg>',
  ].join('');
}

/** A data URI, so the placeholder needs no network at all. */
export function placeholderDataUri(input: PlaceholderInput): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(placeholderSvg(input))}`;
}
