import { useSearchParams } from '@shoal/router';
import { useId } from 'react';
import { t } from '../../../i18n/edits';
import { QueryStatus } from '../../catalogue/components/QueryStatus';
import { useObjectEdits } from '../queries';
import type { EditKind } from '../types';
import { EditCard } from './EditCard';

/**
 * The object's recent edits, filterable by all or unreviewed (product.md §2). The real API's
 * per-object list takes no status filter, so "unreviewed" keeps the pending ones of that list.
 */
export function EditList({ kind, objectId, basePath }: { kind: EditKind; objectId: string; basePath: string }) {
  const id = useId();
  // The filter lives in the address (`?status=unreviewed`), so a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams();
  const filter = params.get('status') === 'unreviewed' ? 'unreviewed' : 'all';
  const setFilter = (next: 'all' | 'unreviewed') =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'all') copy.delete('status');
        else copy.set('status', next);
        return copy;
      },
      { replace: true },
    );
  const edits = useObjectEdits(kind, objectId);
  return (
    <section aria-labelledby={`${id}-title`} className="listen-edits">
      <h2 id={`${id}-title`}>{t('edits.recent')}</h2>
      <div className="ui-field listen-edits__filter">
        <label htmlFor={`${id}-filter`}>{t('edits.show')}</label>
        <select
          id={`${id}-filter`}
          value={filter}
          onChange={(event) => setFilter(event.target.value === 'unreviewed' ? 'unreviewed' : 'all')}
        >
          <option value="all">{t('edits.all')}</option>
          <option value="unreviewed">{t('edits.unreviewed')}</option>
        </select>
      </div>
      <QueryStatus query={edits} failedTitle={t('edits.failed')}>
        {(page) => {
          const shown = page.results.filter((edit) => filter === 'all' || edit.is_approved === null);
          if (shown.length === 0) {
            return (
              <p className="ui-description--empty">{filter === 'all' ? t('edits.none') : t('edits.noneUnreviewed')}</p>
            );
          }
          return (
            <ul className="listen-edits__list">
              {shown.map((mutation) => (
                <li key={mutation.uuid}>
                  <EditCard mutation={mutation} kind={kind} objectId={objectId} basePath={basePath} />
                </li>
              ))}
            </ul>
          );
        }}
      </QueryStatus>
    </section>
  );
}
