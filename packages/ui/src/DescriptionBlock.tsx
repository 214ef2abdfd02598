import { truncateLines } from '@shoal/text';
import { useId, useState } from 'react';
import { UserText } from './UserText';

export interface DescriptionBlockProps {
  description: { text?: string | null; html?: string | null } | null | undefined;
  labels: { none: string; more: string; less: string };
}

/**
 * A description in display mode (product.md §4): cut to three lines / 200 characters with a
 * more/less toggle, or the 'no description' message. Labels come translated from the caller.
 */
export function DescriptionBlock({ description, labels }: DescriptionBlockProps) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const html = description?.html?.trim();
  if (!html) return <p className="ui-description ui-description--empty">{labels.none}</p>;
  const long = truncateLines(description?.text ?? html).truncated;
  return (
    <div className="ui-description">
      <UserText
        id={id}
        html={html}
        className={long && !expanded ? 'ui-description__text ui-description__text--clamped' : 'ui-description__text'}
      />
      {long && (
        <button
          type="button"
          className="ui-link-button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? labels.less : labels.more}
        </button>
      )}
    </div>
  );
}
