import type { MarkdownIt, StateCore, StateInline } from 'markdown-it';

/** Headings start at level 3 (product.md §5): `#` renders as h3, `##` as h4, never below h6. */
export function headingsFromLevel(md: MarkdownIt, first = 3): void {
  const shift = (tag: string) => `h${Math.min(6, Number(tag.slice(1)) + first - 1)}`;
  md.core.ruler.push('shoal_heading_levels', (state: StateCore) => {
    for (const token of state.tokens) {
      if (token.type === 'heading_open' || token.type === 'heading_close') token.tag = shift(token.tag);
    }
  });
}

/** `__text__` is underline, not bold (product.md §5); `**text**` stays bold. */
export function underline(md: MarkdownIt): void {
  md.core.ruler.push('shoal_underline', (state: StateCore) => {
    for (const block of state.tokens) {
      for (const token of block.children ?? []) {
        if ((token.type === 'strong_open' || token.type === 'strong_close') && token.markup === '__') token.tag = 'u';
      }
    }
  });
}

/** `- [ ] item` and `- [x] item` become read-only checkboxes. */
export function taskLists(md: MarkdownIt): void {
  md.core.ruler.after('inline', 'shoal_task_lists', (state: StateCore) => {
    const tokens = state.tokens;
    for (let index = 2; index < tokens.length; index += 1) {
      const inline = tokens[index];
      if (inline?.type !== 'inline' || tokens[index - 1]?.type !== 'paragraph_open') continue;
      if (tokens[index - 2]?.type !== 'list_item_open') continue;
      const match = /^\[([ xX])\]\s/.exec(inline.content);
      const first = inline.children?.[0];
      if (!match || !first || first.type !== 'text') continue;
      first.content = first.content.slice(match[0].length);
      const box = new state.Token('html_inline', '', 0);
      box.content = `<input type="checkbox" disabled${match[1] === ' ' ? '' : ' checked'}> `;
      inline.children?.unshift(box);
      tokens[index - 2]?.attrJoin('class', 'task-list-item');
    }
  });
}

/** `@name` and `@name@domain.tld` link to the profile, in the app. */
export function mentions(md: MarkdownIt): void {
  const pattern = /^@([\p{L}\p{N}_]+(?:[.-][\p{L}\p{N}_]+)*(?:@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)?)/u;
  md.inline.ruler.before('emphasis', 'shoal_mention', (state: StateInline, silent: boolean) => {
    if (state.src.charCodeAt(state.pos) !== 0x40 /* @ */) return false;
    // Not mid-word: an e-mail address is left to the linkifier.
    const before = state.pos > 0 ? state.src.charAt(state.pos - 1) : '';
    if (before && /[\p{L}\p{N}_]/u.test(before)) return false;
    const match = pattern.exec(state.src.slice(state.pos));
    if (!match?.[1]) return false;
    if (!silent) {
      const open = state.push('link_open', 'a', 1);
      open.attrSet('href', `/@${match[1]}`);
      open.meta = { mention: true };
      const text = state.push('text', '', 0);
      text.content = match[0];
      state.push('link_close', 'a', -1);
    }
    state.pos += match[0].length;
    return true;
  });
}

/** Every link opens in a new tab without opener or referrer (product.md §5). */
export function linksInNewTab(md: MarkdownIt): void {
  md.core.ruler.push('shoal_link_targets', (state: StateCore) => {
    for (const block of state.tokens) {
      for (const token of block.children ?? []) {
        if (token.type !== 'link_open') continue;
        token.attrSet('target', '_blank');
        token.attrSet('rel', 'noopener noreferrer');
      }
    }
  });
}
