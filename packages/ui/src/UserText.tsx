import { useInstance } from '@shoal/core';
import { sanitizeHtml } from '@shoal/text/sanitize';
import { rewriteUserLinks } from '@shoal/text/user-links';
import { useMemo } from 'react';

export interface UserTextProps {
  /** HTML rendered by the pod (or by `renderMarkdown`); it is sanitised again here. */
  html: string;
  className?: string;
  id?: string;
}

/**
 * Text written by people, shown safely: sanitised, with #tags and @mentions linked into the app
 * and links to other hosts opened in a new tab (product.md §2, Global surfaces).
 */
export function UserText({ html, className, id }: UserTextProps) {
  const instanceUrl = useInstance((state) => state.url) ?? window.location.origin;
  const safe = useMemo(() => rewriteUserLinks(sanitizeHtml(html), instanceUrl), [html, instanceUrl]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
  return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: safe }} />;
}
