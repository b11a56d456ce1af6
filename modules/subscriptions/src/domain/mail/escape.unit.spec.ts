import { describe, expect, it } from 'vitest';
import { escapeHtml, feedText, safeHttpUrl } from './escape.ts';

describe('mail escaping', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('flattens feed text to one line without controls or bidi overrides', () => {
    expect(feedText('  Jazz\r\n\tNight\u0000 ')).toBe('Jazz Night');
    expect(feedText('evil\u202egnp.exe')).toBe('evil gnp.exe');
    expect(feedText(null)).toBe('');
  });

  it('shortens very long text with an ellipsis', () => {
    expect(feedText('a'.repeat(200), 10)).toBe(`${'a'.repeat(9)}…`);
  });

  it('keeps only absolute http(s) URLs', () => {
    expect(safeHttpUrl(' https://img.example/a b.jpg ')).toBe('https://img.example/a%20b.jpg');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(safeHttpUrl('/relative.jpg')).toBeNull();
  });
});
