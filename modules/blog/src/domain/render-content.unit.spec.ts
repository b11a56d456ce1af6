import { describe, expect, it } from 'vitest';
import { isAllowedLink, renderContent } from './render-content.ts';

/** Nothing in the HTML may become a script, an event handler, a frame or a dangerous link. */
function expectInert(html: string) {
  const tags = [...html.matchAll(/<\s*([a-z0-9]+)([^>]*)>/gi)];
  for (const [, name, attributes] of tags) {
    expect([
      'p',
      'strong',
      'em',
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'br',
      'a',
      'ul',
      'ol',
      'li',
      'blockquote',
      'code',
      's',
    ]).toContain(name?.toLowerCase());
    expect(attributes).not.toMatch(/\son[a-z]+\s*=/i);
    expect(attributes).not.toMatch(/\s(src|style|srcdoc|formaction)\s*=/i);
    const href = /href="([^"]*)"/.exec(attributes ?? '')?.[1];
    if (href !== undefined) expect(isAllowedLink(href)).toBe(true);
  }
  expect(html).not.toMatch(/<\s*(script|img|iframe|svg|object|embed|style|math|form|input|base|meta|link)\b/i);
  expect(html).not.toMatch(/href="\s*(javascript|vbscript|data|file):/i);
}

describe('renderContent: what the editor writes', () => {
  it('renders bold and the three heading levels', () => {
    expect(renderContent('# Title\n## Part\n### Detail\nSome **bold** words')).toBe(
      '<h1>Title</h1>\n<h2>Part</h2>\n<h3>Detail</h3>\n<p>Some <strong>bold</strong> words</p>\n',
    );
  });

  it('keeps a plain line break as <br> and a blank line as a new paragraph', () => {
    expect(renderContent('line one\nline two\n\nnext')).toBe('<p>line one<br>\nline two</p>\n<p>next</p>\n');
  });

  it('keeps emoji as they are', () => {
    expect(renderContent('Great night 🎉🎶')).toBe('<p>Great night 🎉🎶</p>\n');
  });

  it('renders allowed links with a nofollow rel', () => {
    expect(renderContent('[tickets](https://example.com/t?a=1&b=2)')).toBe(
      '<p><a href="https://example.com/t?a=1&amp;b=2" rel="nofollow ugc noopener">tickets</a></p>\n',
    );
    expect(renderContent('[help](/support#faq) [mail](mailto:hello@example.com)')).toContain('href="/support#faq"');
  });
});

describe('renderContent: hostile input never runs or renders as markup', () => {
  it.each([
    ['raw script', '<script>window.pwned = 1</script>'],
    ['script split over lines', '<scr\nipt>alert(1)</script>'],
    ['img onerror', '<img src=x onerror="window.pwned=1">'],
    ['svg onload', '<svg onload=alert(1)>'],
    ['iframe', '<iframe src="https://evil.example"></iframe>'],
    ['html comment', '<!-- <script>alert(1)</script> -->'],
    ['javascript link', '[x](javascript:alert(1))'],
    ['upper-case scheme', '[x](JAVASCRIPT:alert(1))'],
    ['mixed-case scheme with spaces', '[x]( JaVaScRiPt:alert(1) )'],
    ['entity-encoded scheme', '[x](&#106;avascript:alert(1))'],
    ['hex entity scheme', '[x](&#x6A;&#x61;vascript:alert(1))'],
    ['named entity colon', '[x](javascript&colon;alert(1))'],
    ['percent-encoded scheme', '[x](%6A%61vascript:alert(1))'],
    ['tab inside the scheme', '[x](java\tscript:alert(1))'],
    ['vbscript link', '[x](vbscript:msgbox(1))'],
    ['data URL link', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['data URL image', '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
    ['remote image beacon', '![x](https://tracker.example/pixel.gif)'],
    ['javascript autolink', '<javascript:alert(1)>'],
    ['data autolink', '<data:text/html,<script>alert(1)</script>>'],
    ['protocol-relative link', '[x](//evil.example/path)'],
    ['backslash host link', '[x](/\\evil.example)'],
    ['reference-style javascript link', '[x][a]\n\n[a]: javascript:alert(1)'],
    ['link title breaking out', '[x](https://ok.example "a\\" onmouseover=\\"alert(1))'],
    ['nested emphasis around a script', '***<script>alert(1)</script>***'],
    ['deeply nested emphasis', `${'*_'.repeat(200)}x${'_*'.repeat(200)}`],
    ['heading with an event handler', '# <b onclick=alert(1)>hi</b>'],
    ['attribute-looking text', '**" onmouseover="alert(1)**'],
    ['style tag', '<style>body{display:none}</style>'],
    ['code span with a script', '`<script>alert(1)</script>`'],
    ['null byte in a scheme', '[x](java\u0000script:alert(1))'],
  ])('%s', (_name, input) => {
    const html = renderContent(input);
    expectInert(html);
    expect(html).not.toMatch(/<script/i);
  });

  it('shows refused markup as visible text instead of dropping it silently', () => {
    expect(renderContent('<script>x</script>')).toBe('<p>&lt;script&gt;x&lt;/script&gt;</p>\n');
    expect(renderContent('[x](javascript:alert(1))')).toBe('<p>[x](javascript:alert(1))</p>\n');
  });
});

describe('isAllowedLink', () => {
  it.each([
    ['https://example.com', true],
    ['http://example.com/a', true],
    ['mailto:team@example.com', true],
    ['/blog/city-guide', true],
    ['#section', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['javascript:alert(1)', false],
    ['ftp://files.example', false],
    ['data:text/html,x', false],
    ['relative/path', false],
    ['https:///nohost', false],
  ])('%s → %s', (href, allowed) => {
    expect(isAllowedLink(href)).toBe(allowed);
  });
});
