import { type FormEvent, useEffect, useId, useState } from 'react';
import { t } from '../../../i18n';
import type { ListenMessageKey } from '../../../i18n/en-US';
import type { BrowseConfig, BrowseState } from '../browse-params';
import { TagFilter } from './TagFilter';

export interface BrowseControlsProps {
  state: BrowseState;
  config: BrowseConfig;
  onChange: (change: Partial<BrowseState>) => void;
  searchHint: string;
  /** Extra boolean filters, e.g. the artists page's Exclude compilation artists. */
  flags?: { name: string; label: string }[];
}

/** Search, tags, ordering, direction and page size of a browse page; every change lands in the URL. */
export function BrowseControls({ state, config, onChange, searchHint, flags = [] }: BrowseControlsProps) {
  const id = useId();
  const [q, setQ] = useState(state.q);
  // Back/forward navigation changes the URL under us: follow it.
  useEffect(() => setQ(state.q), [state.q]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q: q.trim() });
  };
  return (
    <section className="listen-browse-controls" aria-label={t('browse.filters')}>
      <search className="ui-field">
        <form onSubmit={submit}>
          <label htmlFor={`${id}-q`}>{t('browse.search')}</label>
          <div className="listen-tag-filter__row">
            <input
              id={`${id}-q`}
              type="search"
              value={q}
              onChange={(event) => setQ(event.target.value)}
              aria-describedby={`${id}-q-hint`}
            />
            <button type="submit" className="ui-button">
              {t('browse.search')}
            </button>
          </div>
          <small id={`${id}-q-hint`} className="ui-field__hint">
            {searchHint}
          </small>
        </form>
      </search>
      <TagFilter tags={state.tags} onChange={(tags) => onChange({ tags })} />
      <div className="ui-field">
        <label htmlFor={`${id}-ordering`}>{t('browse.ordering')}</label>
        <select
          id={`${id}-ordering`}
          value={state.orderingField}
          onChange={(event) => onChange({ orderingField: event.target.value })}
        >
          {config.orderings.map((field) => (
            <option key={field} value={field}>
              {t(`browse.order.${field}` as ListenMessageKey)}
            </option>
          ))}
        </select>
      </div>
      <div className="ui-field">
        <label htmlFor={`${id}-direction`}>{t('browse.direction')}</label>
        <select
          id={`${id}-direction`}
          value={state.descending ? 'desc' : 'asc'}
          onChange={(event) => onChange({ descending: event.target.value === 'desc' })}
        >
          <option value="asc">{t('browse.ascending')}</option>
          <option value="desc">{t('browse.descending')}</option>
        </select>
      </div>
      <div className="ui-field">
        <label htmlFor={`${id}-per-page`}>{t('browse.perPage')}</label>
        <select
          id={`${id}-per-page`}
          value={state.paginateBy}
          onChange={(event) => onChange({ paginateBy: Number(event.target.value) })}
        >
          {config.paginateByOptions.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      {flags.map((flag) => (
        <div key={flag.name} className="listen-checkbox">
          <input
            id={`${id}-${flag.name}`}
            type="checkbox"
            checked={state.flags[flag.name] ?? false}
            onChange={(event) => onChange({ flags: { ...state.flags, [flag.name]: event.target.checked } })}
          />
          <label htmlFor={`${id}-${flag.name}`}>{flag.label}</label>
        </div>
      ))}
    </section>
  );
}
