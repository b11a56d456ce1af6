/**
 * What the visitor actually wrote in a reply by mail: the text above the quoted conversation and above their
 * signature. Mail clients mark the quote in a few ways; whatever follows the first of them is dropped.
 */
const QUOTE_HEADERS = [
  /^On .{1,300}wrote:\s*$/, // Gmail, Apple Mail, Thunderbird (English)
  /^Em .{1,300}escreveu:\s*$/, // Portuguese
  /^Le .{1,300}a écrit\s*:\s*$/, // French
  /^Am .{1,300}schrieb .{0,120}:\s*$/, // German
  /^El .{1,300}escribió:\s*$/, // Spanish
  /^-{2,}\s*Original Message\s*-{2,}\s*$/i, // Outlook
  /^_{5,}\s*$/, // Outlook's rule above the quoted header block
  /^From: .+$/, // a forwarded or Outlook header block
];
const SIGNATURE_DELIMITER = /^-- ?$/;
const MOBILE_SIGNATURE = /^Sent from my .{1,60}$/i;

export function stripQuotedReply(text: string): string {
  const kept: string[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const trimmed = line.trim();
    // "On Mon, ... <a@b> wrote:" is often wrapped over two lines.
    const joined = `${trimmed} ${lines[index + 1]?.trim() ?? ''}`.trim();
    if (QUOTE_HEADERS.some((pattern) => pattern.test(trimmed) || (/^On /.test(trimmed) && pattern.test(joined)))) break;
    if (SIGNATURE_DELIMITER.test(line) || MOBILE_SIGNATURE.test(trimmed)) break;
    if (trimmed.startsWith('>')) continue;
    kept.push(line);
  }
  return kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
