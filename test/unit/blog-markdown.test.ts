import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../functions/core/blog-posts/markdown';

describe('blog content: Markdown rendered sanitised', () => {
  it('renders headings, paragraphs, lists, emphasis, code and http(s) or mailto links', () => {
    expect(renderMarkdown('# Title\n\nSome **bold** and *italic* `code`.\nNext line\n\n- one\n- [two](https://example.com/a?b=1&c=2)')).toBe(
      '<h2>Title</h2>\n<p>Some <strong>bold</strong> and <em>italic</em> <code>code</code>.<br>Next line</p>\n' +
        '<ul><li>one</li><li><a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">two</a></li></ul>',
    );
    expect(renderMarkdown('[write](mailto:info@example.com)')).toContain('href="mailto:info@example.com"');
  });

  it('no script, event handler or javascript: link survives, however it is written', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<SCRIPT src="https://evil.example/x.js"></SCRIPT>',
      '<scr<script>ipt>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)" onclick="alert(2)">x</a>',
      '<svg/onload=alert(1)>',
      '[click](javascript:alert(1))',
      '[click](JaVaScRiPt:alert(1))',
      '[click](data:text/html;base64,PHNjcmlwdD4=)',
      '**[x](vbscript:msgbox(1))**',
      '<!-- <script>alert(1)</script> -->',
      '"><img src=x onerror=alert(1)>',
    ];
    for (const input of hostile) {
      const html = renderMarkdown(input);
      expect(html, input).not.toMatch(/<script|<img|<svg|<iframe|\son\w+=|javascript:|vbscript:|data:/i);
      // Only the renderer's own tags are left.
      for (const tag of html.match(/<\/?([a-z0-9]+)/gi) ?? [])
        expect(['p', 'br', 'h2', 'h3', 'h4', 'ul', 'li', 'strong', 'em', 'code', 'a']).toContain(tag.replace(/[</]/g, ''));
    }
  });
});
