import { ApiError, useSession } from '@shoal/core';
import { Link, useLocation, useNavigate, useSearchParams } from '@shoal/router';
import { ErrorAlert } from '@shoal/ui';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { t } from '../../../i18n/browse';
import '../../search/browse-pages.css';
import { coverUrl } from '../../catalogue/credits';
import { SearchResults } from '../components/SearchResults';
import { fetchErrorKind, type RemoteOutcome, useRemoteFetch, useRssSubscribe } from '../queries';

export type SearchTab = 'search' | 'remote' | 'rss';
const TABS: SearchTab[] = ['search', 'remote', 'rss'];

export function tabOf(raw: string | null): SearchTab {
  return TABS.includes(raw as SearchTab) ? (raw as SearchTab) : 'search';
}

const TAB_LABELS = { search: 'search.tab.search', remote: 'search.tab.remote', rss: 'search.tab.rss' } as const;
const FIELD_LABELS = { search: 'search.field.search', remote: 'search.field.remote', rss: 'search.field.rss' } as const;
const HINTS = { search: 'search.hint.search', remote: 'search.hint.remote', rss: 'search.hint.rss' } as const;

/** What went wrong with a fetch the pod could not finish, in words (calls.md §8.3's error kinds). */
export function unretrievableText(outcome: Extract<RemoteOutcome, { kind: 'unretrievable' }>): string {
  const kind = fetchErrorKind(outcome.reason);
  if (kind === 'http') return t('search.reason.http', { status: outcome.statusCode ?? '?' });
  return t(`search.reason.${kind}`);
}

/** A pod without the RSS route answers 404 or 405: say so rather than "not found". */
function rssMessagesOf(error: unknown): string[] {
  if (error instanceof ApiError && (error.status === 404 || error.status === 405)) return [t('search.rssUnavailable')];
  return messagesOf(error);
}

function messagesOf(error: unknown): string[] {
  if (error instanceof ApiError) return error.messages;
  return error instanceof Error ? [error.message] : [];
}

/** `/search`: the catalogue, a fediverse object by its handle, or a podcast by its RSS feed; `type` and `q` live in the URL. */
export default function SearchPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('type'));
  const q = (params.get('q') ?? '').trim();
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (tab !== 'search') next.type = tab;
    if (draft.trim()) next.q = draft.trim();
    setParams(next);
  };

  return (
    <section aria-labelledby="search-title">
      <h1 id="search-title">{t('search.title')}</h1>
      <nav aria-label={t('search.tabs')} className="listen-tabs">
        <ul>
          {TABS.map((item) => (
            <li key={item}>
              <Link
                to={item === 'search' ? '/search' : `/search?type=${item}`}
                aria-current={item === tab ? 'page' : undefined}
                className={item === tab ? 'listen-tab listen-tab--active' : 'listen-tab'}
              >
                {t(TAB_LABELS[item])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <search>
        <form onSubmit={submit} className="ui-field">
          <label htmlFor={`${id}-q`}>{t(FIELD_LABELS[tab])}</label>
          <div className="listen-tag-filter__row">
            <input
              id={`${id}-q`}
              type={tab === 'rss' ? 'url' : 'search'}
              value={draft}
              required={tab !== 'search'}
              onChange={(event) => setDraft(event.target.value)}
              aria-describedby={`${id}-hint`}
            />
            <button type="submit" className="ui-button">
              {tab === 'search' ? t('search.submit') : tab === 'remote' ? t('search.fetch') : t('search.subscribe')}
            </button>
          </div>
          <small id={`${id}-hint`} className="ui-field__hint">
            {t(HINTS[tab])}
          </small>
        </form>
      </search>
      {tab === 'search' && q && <SearchResults q={q} />}
      {tab === 'remote' && q && <RemoteFetch key={q} handle={q} />}
      {tab === 'rss' && q && <RssSubscribe key={q} url={q} />}
    </section>
  );
}

function SignInFirst() {
  const location = useLocation();
  const next = `${location.pathname}${location.search}`;
  return (
    <p role="status">
      {t('search.signInFirst')} <Link to={`/login?next=${encodeURIComponent(next)}`}>{t('reports.signIn')}</Link>
    </p>
  );
}

/** Fetches `handle` through the pod and opens what it finds (calls.md §8.3 wording for failures). */
function RemoteFetch({ handle }: { handle: string }) {
  const signedIn = useSession((state) => state.status === 'authenticated');
  const fetchObject = useRemoteFetch();
  const navigate = useNavigate();
  const { mutate } = fetchObject;
  useEffect(() => {
    if (!signedIn) return;
    mutate(handle, {
      onSuccess: (outcome) => {
        if (outcome.kind === 'found') navigate(outcome.path);
      },
    });
  }, [handle, signedIn, mutate, navigate]);
  if (!signedIn) return <SignInFirst />;
  if (fetchObject.isPending) return <p role="status">{t('search.fetching')}</p>;
  if (fetchObject.isError)
    return <ErrorAlert title={t('search.fetchError')} messages={messagesOf(fetchObject.error)} />;
  const outcome = fetchObject.data;
  if (outcome?.kind === 'unsupported') return <ErrorAlert title={t('search.unsupported')} messages={[]} />;
  if (outcome?.kind === 'unretrievable') {
    return <ErrorAlert title={t('search.unretrievable')} messages={[unretrievableText(outcome)]} />;
  }
  return null;
}

/** Subscribes to the feed at `url`, then shows the podcast's channel with a link to its page. */
function RssSubscribe({ url }: { url: string }) {
  const signedIn = useSession((state) => state.status === 'authenticated');
  const subscribe = useRssSubscribe();
  const { mutate } = subscribe;
  useEffect(() => {
    if (!signedIn) return;
    mutate(url);
  }, [url, signedIn, mutate]);
  if (!signedIn) return <SignInFirst />;
  if (subscribe.isPending) return <p role="status">{t('search.subscribing')}</p>;
  if (subscribe.isError) return <ErrorAlert title={t('search.rssError')} messages={rssMessagesOf(subscribe.error)} />;
  const channel = subscribe.data?.channel;
  if (!channel) return null;
  const cover = coverUrl(channel.artist.cover, 'medium');
  return (
    <section aria-labelledby={`rss-${channel.uuid}`} className="listen-rss-result">
      <h2 id={`rss-${channel.uuid}`}>{channel.artist.name}</h2>
      {cover && <img src={cover} alt="" width={120} height={120} />}
      <p role="status">{t('search.rssDone', { name: channel.artist.name })}</p>
      <p>
        <Link to={`/channels/${channel.uuid}`}>{t('search.rssOpen', { name: channel.artist.name })}</Link>
      </p>
    </section>
  );
}
