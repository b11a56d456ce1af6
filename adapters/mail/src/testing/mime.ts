/**
 * Just enough MIME reading for tests to assert on what a real SMTP server received: headers (unfolded),
 * and the decoded text/plain and text/html parts of a (possibly nested) multipart message.
 */
export interface ParsedMail {
  headers: Map<string, string>;
  text: string | null;
  html: string | null;
  raw: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const soft = body.replace(/=\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    const char = soft[i]!;
    const hex = soft.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

function collect(part: Part, found: { text: string | null; html: string | null }): void {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collect(splitPart(section.replace(/^\n/, '')), found);
    }
    return;
  }
  if (type.toLowerCase().startsWith('text/html')) found.html ??= decodeBody(part);
  else if (type.toLowerCase().startsWith('text/plain')) found.text ??= decodeBody(part);
}

export function parseMail(raw: string): ParsedMail {
  const top = splitPart(raw);
  const found = { text: null as string | null, html: null as string | null };
  collect(top, found);
  return { headers: top.headers, ...found, raw };
}
