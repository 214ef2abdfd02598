// markdown-it-emoji ships no types of its own; its plugins take the parser like any other.
declare module 'markdown-it-emoji' {
  import type { MarkdownIt } from 'markdown-it';

  type EmojiPlugin = (
    md: MarkdownIt,
    options?: { defs?: Record<string, string>; shortcuts?: Record<string, string | string[]> },
  ) => void;
  export const bare: EmojiPlugin;
  export const light: EmojiPlugin;
  export const full: EmojiPlugin;
}
