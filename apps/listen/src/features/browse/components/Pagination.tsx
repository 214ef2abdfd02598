import { t } from '../../../i18n';
import { pageWindow } from './page-window';

export interface PaginationProps {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}

/** Page links for a browse list; the current page is marked for screen readers. */
export function Pagination({ page, pages, onChange }: PaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav className="listen-pagination" aria-label={t('pagination.label')}>
      <button
        type="button"
        className="ui-button ui-button--secondary"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        {t('pagination.previous')}
      </button>
      <ul>
        {pageWindow(page, pages).map((item, index) =>
          item === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={`ui-button${item === page ? '' : ' ui-button--secondary'}`}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: item })}
                onClick={() => onChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className="ui-button ui-button--secondary"
        disabled={page >= pages}
        onClick={() => onChange(page + 1)}
      >
        {t('pagination.next')}
      </button>
    </nav>
  );
}
