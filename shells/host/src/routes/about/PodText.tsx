import { renderMarkdown } from '@shoal/text/markdown';
import { UserText } from '@shoal/ui';
import { useMemo } from 'react';

/** Markdown the admin wrote (description, rules, terms), rendered and sanitised, or a fallback line. */
export function PodText({ source, empty }: { source: string; empty: string }) {
  const html = useMemo(() => (source.trim() ? renderMarkdown(source) : ''), [source]);
  if (!html) return <p className="host-muted">{empty}</p>;
  return <UserText html={html} />;
}
