import { Link } from '@shoal/router';
import { t } from '../../../i18n';

/** An object's tags, each leading to its tag page. */
export function TagLinks({ tags }: { tags: string[] | undefined }) {
  if (!tags || tags.length === 0) return null;
  return (
    <ul className="listen-pills" aria-label={t('common.tags')}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link className="listen-pill" to={`/library/tags/${encodeURIComponent(tag)}`}>
            #{tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
