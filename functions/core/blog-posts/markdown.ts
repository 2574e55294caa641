/**
 * Blog content: a small Markdown subset rendered to HTML that is safe by construction. Raw HTML is dropped (tags
 * and comments; the text between them stays as text), every remaining character is escaped, and the only markup
 * written is what this renderer writes itself: headings (#, ##, ###), paragraphs with line breaks, bullet lists
 * (- or *), **bold**, *italic*, `code` and [links](url) whose url is http, https or mailto (any other link, e.g.
 * `javascript:`, renders as its text alone). So no script, event handler or javascript: link can come out.
 */

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** HTML comments, then tags (a `<` followed by a letter, `/`, `!` or `?`, up to the next `>` or the end). */
const stripHtml = (text: string) => text.replace(/<!--[\s\S]*?(-->|$)/g, '').replace(/<[/!?]?[A-Za-z][^>]*(>|$)/g, '');

const SAFE_URL = /^(https?:\/\/|mailto:)\S+$/i;

/** On escaped text: `code`, **bold**, *italic*. */
const emphasis = (text: string) =>
  text
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\*([^*\s][^*]*)\*/g, '<em>$1</em>');

/** Links are judged on the raw text (their url before escaping); everything else is escaped. */
function inline(raw: string): string {
  const parts: string[] = [];
  const link = /\[([^\]]*)\]\(([^)\s]*)\)/;
  let rest = raw;
  for (let m = link.exec(rest); m; m = link.exec(rest)) {
    parts.push(emphasis(escape(rest.slice(0, m.index))));
    const label = emphasis(escape(m[1]!));
    parts.push(SAFE_URL.test(m[2]!) ? `<a href="${escape(m[2]!)}" rel="noopener noreferrer nofollow">${label}</a>` : label);
    rest = rest.slice(m.index + m[0].length);
  }
  parts.push(emphasis(escape(rest)));
  return parts.join('');
}

export function renderMarkdown(markdown: string): string {
  const blocks = stripHtml(markdown.replace(/\r\n?/g, '\n'))
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  return blocks
    .map((block) => {
      const heading = /^(#{1,3})\s+(.*)$/.exec(block);
      if (heading && !block.includes('\n')) {
        const level = heading[1]!.length + 1;
        return `<h${level}>${inline(heading[2]!)}</h${level}>`;
      }
      const lines = block.split('\n');
      if (lines.every((l) => /^\s*[-*]\s+/.test(l))) return `<ul>${lines.map((l) => `<li>${inline(l.replace(/^\s*[-*]\s+/, ''))}</li>`).join('')}</ul>`;
      return `<p>${lines.map(inline).join('<br>')}</p>`;
    })
    .join('\n');
}
