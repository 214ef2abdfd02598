import MarkdownIt from 'markdown-it';
import { full as emoji } from 'markdown-it-emoji';
import { sanitizeHtml } from '../sanitize';
import { headingsFromLevel, linksInNewTab, mentions, taskLists, underline } from './plugins';

/**
 * Markdown as product.md §5 renders it: headings from level 3 without ids, single line breaks kept,
 * strikethrough, tables, task lists, underline, emoji short codes, bare links, @mentions, literal
 * underscores inside words, every link in a new tab, and the result sanitised. Raw HTML in the
 * source is shown as text, never interpreted. This module is heavy (≈56 KB gzip with the full emoji table,
 * ≈42 KB with markdown-it-emoji's `light` set): import it only
 * from lazily loaded screens.
 */
const markdown = new MarkdownIt({ html: false, breaks: true, linkify: true, typographer: false })
  .use(headingsFromLevel, 3)
  .use(underline)
  .use(taskLists)
  .use(mentions)
  .use(emoji)
  .use(linksInNewTab);

export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdown.render(source));
}

export { sanitizeHtml };
