/**
 * The digest's event cards in HTML: the week's top event large, the rest as rows with a 16:9 thumbnail.
 *
 * Images: feed images often fail to load, and many clients block images until asked. The image cell carries our
 * category artwork (a PNG, since most clients refuse SVG) as its background and the category colour as its
 * fill, and the <img> on top is the event's picture, or the artwork itself when there is none. A broken or
 * blocked picture therefore leaves the artwork or the coloured box with the event's name as styled alt text,
 * never a grey hole.
 */
import type { DigestItem } from './digest-item.ts';
import { escapeHtml } from './escape.ts';
import { categoryColor } from '@evently/events/contracts';
import { colours, fontStack } from './palette.ts';

interface Box {
  width: number;
  height: number;
}

export const FEATURED_BOX: Box = { width: 544, height: 306 };
export const THUMB_BOX: Box = { width: 168, height: 95 };

const text = (size: number, lineHeight: number, colour: string, extra = '') =>
  `font-family:${fontStack};font-size:${size}px;line-height:${lineHeight}px;color:${colour};${extra}`;

function imageCell(item: DigestItem, box: Box, extraClass = ''): string {
  const fill = categoryColor(item.category);
  const artwork = escapeHtml(item.artworkUrl);
  const src = escapeHtml(item.imageUrl ?? item.artworkUrl);
  const alt = escapeHtml(item.imageUrl ? item.name : `${item.name} (${item.category})`);
  return `<td class="${extraClass}" width="${box.width}" valign="top" style="width:${box.width}px">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0"><tr>
<td bgcolor="${fill}" background="${artwork}" style="background-color:${fill};background-image:url('${artwork}');background-size:cover;background-position:center;border-radius:10px">
<a href="${escapeHtml(item.url)}" target="_blank" style="text-decoration:none"><img src="${src}" width="${box.width}" height="${box.height}" alt="${alt}" style="display:block;width:100%;max-width:${box.width}px;height:auto;aspect-ratio:16/9;object-fit:cover;border:0;border-radius:10px;${text(box.width > 300 ? 16 : 12, box.width > 300 ? 22 : 16, '#ffffff', 'font-weight:700;text-align:center')}"></a>
</td></tr></table>
</td>`;
}

function detailsHtml(item: DigestItem, titleSize: number): string {
  const lines = [
    `<div class="d-accent" style="${text(13, 18, colours.accent, 'font-weight:700;letter-spacing:0.2px')}">${escapeHtml(item.when?.full ?? 'Date to be announced')}</div>`,
    `<div style="padding:4px 0 4px"><a class="d-ink" href="${escapeHtml(item.url)}" target="_blank" style="${text(titleSize, Math.round(titleSize * 1.3), colours.ink, 'font-weight:700;text-decoration:none')}">${escapeHtml(item.name)}</a></div>`,
    item.place ? `<div class="d-muted" style="${text(14, 20, colours.muted)}">${escapeHtml(item.place)}</div>` : '',
    item.price
      ? `<div class="d-ink" style="${text(14, 20, colours.ink, 'font-weight:600;padding-top:2px')}">${escapeHtml(item.price)}</div>`
      : '',
  ];
  return lines.filter(Boolean).join('\n');
}

export function featuredCardHtml(item: DigestItem): string {
  return `<tr><td class="m-pad" style="padding:0 28px 8px">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0"><tr>${imageCell(item, FEATURED_BOX)}</tr>
<tr><td style="padding:16px 0 20px">
<div style="${text(12, 16, categoryColor(item.category), 'font-weight:700;text-transform:uppercase;letter-spacing:0.8px;padding-bottom:6px')}">${escapeHtml(item.category)}</div>
${detailsHtml(item, 22)}
</td></tr></table>
</td></tr>`;
}

export function rowCardHtml(item: DigestItem): string {
  return `<tr><td class="m-pad" style="padding:0 28px">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" class="d-rule" style="border-top:1px solid ${colours.rule}"><tr>
<td style="padding:20px 0">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0"><tr>
${imageCell(item, THUMB_BOX, 'm-stack m-thumb')}
<td class="m-stack m-flush" valign="top" style="padding:0 0 0 16px">
${detailsHtml(item, 17)}
</td>
</tr></table>
</td></tr></table>
</td></tr>`;
}
