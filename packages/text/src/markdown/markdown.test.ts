import { describe, expect, it } from 'vitest';
import { renderMarkdown, sanitizeHtml } from './index';

describe('renderMarkdown', () => {
  it('starts headings at level 3 and gives them no id', () => {
    expect(renderMarkdown('# Title\n\n## Sub')).toBe('<h3>Title</h3>\n<h4>Sub</h4>\n');
  });

  it('keeps single line breaks', () => {
    expect(renderMarkdown('one\ntwo')).toBe('<p>one<br>\ntwo</p>\n');
  });

  it('renders strikethrough, underline and bold', () => {
    expect(renderMarkdown('~~gone~~ __under__ **bold**')).toBe(
      '<p><s>gone</s> <u>under</u> <strong>bold</strong></p>\n',
    );
  });

  it('keeps underscores inside words literal', () => {
    expect(renderMarkdown('snake_case_name')).toBe('<p>snake_case_name</p>\n');
  });

  it('renders tables', () => {
    expect(renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |')).toContain('<table>');
  });

  it('renders task lists as disabled checkboxes', () => {
    const html = renderMarkdown('- [x] done\n- [ ] todo');
    expect(html).toContain('<input type="checkbox" disabled="" checked=""> done');
    expect(html).toContain('<input type="checkbox" disabled=""> todo');
  });

  it('turns emoji short codes into emoji', () => {
    expect(renderMarkdown(':smile:')).toBe('<p>😄</p>\n');
  });

  it('links bare addresses and mentions, every link in a new tab', () => {
    const html = renderMarkdown('See https://example.org and @alice');
    expect(html).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">');
    expect(html).toContain('<a href="/@alice" target="_blank" rel="noopener noreferrer">@alice</a>');
  });

  it('leaves e-mail addresses to the linkifier, not the mention rule', () => {
    expect(renderMarkdown('write to me@example.org')).not.toContain('href="/@');
  });

  it('never interprets raw HTML in the source', () => {
    const html = renderMarkdown('<img src=x onerror=alert(1)> <script>alert(1)</script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
  });

  it('never makes a javascript: link', () => {
    expect(renderMarkdown('[x](javascript:alert(1))')).not.toContain('<a');
  });
});

describe('sanitizeHtml', () => {
  it('removes scripts and event handlers but keeps safe markup and new-tab links', () => {
    const html = sanitizeHtml(
      '<p onclick="x()">hi<script>bad()</script> <a href="https://a.example" target="_blank">a</a></p>',
    );
    expect(html).toBe('<p>hi <a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a></p>');
  });
});
