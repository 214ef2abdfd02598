import { useSearchParams } from '@shoal/router';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { t } from '../../../i18n/browse';
import '../../search/browse-pages.css';
import { PagedResults } from '../../favorites/components/PagedResults';
import { ChannelCard } from '../components/ChannelCard';
import { CHANNELS_PAGE_SIZE, useSubscriptions } from '../queries';

/** `/subscriptions`: the channels the listener follows, searchable by `q` (kept in the URL). */
export default function SubscriptionsPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);
  const subscriptions = useSubscriptions(q, page);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  };
  return (
    <section aria-labelledby="subscriptions-title">
      <h1 id="subscriptions-title">{t('subscriptions.title')}</h1>
      <search>
        <form onSubmit={submit} className="ui-field">
          <label htmlFor={`${id}-q`}>{t('browse.search')}</label>
          <div className="listen-tag-filter__row">
            <input id={`${id}-q`} type="search" value={draft} onChange={(event) => setDraft(event.target.value)} />
            <button type="submit" className="ui-button">
              {t('browse.search')}
            </button>
          </div>
        </form>
      </search>
      <PagedResults
        query={subscriptions}
        page={page}
        pageSize={CHANNELS_PAGE_SIZE}
        onPage={(next) => setParams({ ...(q ? { q } : {}), page: String(next) })}
        failedTitle={t('subscriptions.failed')}
        emptyText={q ? t('common.noResults') : t('subscriptions.empty')}
      >
        {(items) => (
          <ul className="ui-card-grid">
            {items.map((item) => (
              <ChannelCard key={item.uuid} channel={item.channel} />
            ))}
          </ul>
        )}
      </PagedResults>
    </section>
  );
}
