import { describe, expect, it } from 'vitest';
import { cdata, element, htmlOfText, text } from './rss-xml.ts';

describe('RSS content forms', () => {
  it('writes plain text with hexadecimal references, never as CDATA', () => {
    expect(text('Fish & <Chips> > 3')).toBe('Fish &#x26; &#x3C;Chips&#x3E; &#x3E; 3');
    expect(text('<![CDATA[x]]>')).toBe('&#x3C;![CDATA[x]]&#x3E;');
    // A literal entity name typed by a person stays literal.
    expect(text('&amp;')).toBe('&#x26;amp;');
  });

  it('turns text into HTML that shows as typed, encoded for XML', () => {
    expect(htmlOfText('<b>hi</b> & "q"')).toBe('&amp;lt;b&amp;gt;hi&amp;lt;/b&amp;gt; &amp;amp; &amp;quot;q&amp;quot;');
  });

  it('keeps markup in one CDATA section even when it contains the end marker', () => {
    expect(cdata('<p>a ]]> b</p>')).toBe('<![CDATA[<p>a ]]]]><![CDATA[> b</p>]]>');
  });

  it('drops characters XML cannot carry and keeps the rest of Unicode', () => {
    expect(text('a\u0000b\u0008c\u001fd\uFFFEe\uD800f')).toBe('abcdef');
    expect(text('tab\tnew\nline café 🎷')).toBe('tab\tnew\nline café 🎷');
  });

  it('escapes attribute values and closes empty elements', () => {
    expect(element('enclosure', null, { url: 'https://x.example/a.jpg?w=1&h="2"', type: 'image/jpeg' })).toBe(
      '<enclosure url="https://x.example/a.jpg?w=1&amp;h=&quot;2&quot;" type="image/jpeg"/>',
    );
    expect(element('title', text('A & B'))).toBe('<title>A &#x26; B</title>');
  });
});
