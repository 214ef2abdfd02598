import { ApiError } from '@shoal/core';
import { ErrorAlert, ErrorPanel, Loading, TextField } from '@shoal/ui';
import { type FormEvent, useState } from 'react';
import { t } from '../../../i18n';
import type { LibraryFollow, RemoteLibrary } from '../../common/types';
import { RemoteLibraryCard } from '../components/RemoteLibraryCard';
import { type FetchProblem, RemoteFetchError } from '../fetch-problem';
import { useFetchLibrary, useMyFollows, useRemoteLibrary } from '../queries';

/** calls.md §8.3: the fetch error kinds, said plainly. */
function problemMessage(problem: FetchProblem): string {
  if (problem.kind === 'http' && problem.status) return t('remote.fetch.http.status', { status: problem.status });
  return t(`remote.fetch.${problem.kind}`);
}

function FollowedLibrary({ follow }: { follow: LibraryFollow }) {
  const nested = typeof follow.target === 'object' ? follow.target : null;
  const uuid = typeof follow.target === 'string' ? follow.target : follow.target.uuid;
  const details = useRemoteLibrary(uuid, nested === null);
  const library = nested ?? details.data;
  if (!library) {
    return details.isError ? <p role="alert">{t('remote.scan.error')}</p> : <Loading label={t('common.loading')} />;
  }
  return <RemoteLibraryCard library={library} follow={{ uuid: follow.uuid, approved: follow.approved }} />;
}

/** `/content/remote`: libraries I follow, refresh, and the form to find one by its link (product.md §2). */
export default function RemoteLibrariesPage() {
  const follows = useMyFollows();
  const fetchLibrary = useFetchLibrary();
  const [fid, setFid] = useState('');
  const [found, setFound] = useState<RemoteLibrary | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    setFound(null);
    if (!fid.trim()) return;
    fetchLibrary.mutate(fid.trim(), {
      onSuccess: setFound,
      onError: (error) =>
        setErrors(
          error instanceof RemoteFetchError
            ? [problemMessage(error.problem)]
            : error instanceof ApiError
              ? error.messages
              : [t('remote.scan.error')],
        ),
    });
  };

  // Once followed, the library is listed below with its follow state, not twice.
  const followed = (library: RemoteLibrary) =>
    follows.data?.results.some(
      (item) => (typeof item.target === 'string' ? item.target : item.target.uuid) === library.uuid,
    ) ?? false;

  const followOf = (library: RemoteLibrary) => {
    const known = follows.data?.results.find(
      (item) => (typeof item.target === 'string' ? item.target : item.target.uuid) === library.uuid,
    );
    if (known) return { uuid: known.uuid, approved: known.approved };
    return library.follow ? { uuid: library.follow.uuid, approved: library.follow.approved ?? null } : null;
  };

  return (
    <section aria-labelledby="remote-title" className="content-page">
      <h1 id="remote-title">{t('remote.title')}</h1>
      <section aria-labelledby="remote-scan-title" className="content-panel">
        <h2 id="remote-scan-title">{t('remote.scan.title')}</h2>
        <form onSubmit={submit} className="content-form">
          {errors.length > 0 && <ErrorAlert title={t('remote.scan.error')} messages={errors} />}
          <TextField
            id="remote-fid"
            label={t('remote.scan.label')}
            hint={t('remote.scan.hint')}
            type="url"
            value={fid}
            required
            onChange={(event) => setFid(event.target.value)}
          />
          <button type="submit" className="ui-button" disabled={fetchLibrary.isPending}>
            {t('remote.scan.submit')}
          </button>
        </form>
        {found && !followed(found) && (
          <div role="status" aria-label={t('remote.scan.found')}>
            <RemoteLibraryCard key={found.uuid} library={found} follow={followOf(found)} />
          </div>
        )}
      </section>
      <section aria-labelledby="remote-list-title">
        <div className="content-header">
          <h2 id="remote-list-title">{t('remote.intro')}</h2>
          <button
            type="button"
            className="ui-button ui-button--secondary"
            disabled={follows.isFetching}
            onClick={() => follows.refetch()}
          >
            {t('remote.refresh')}
          </button>
        </div>
        {follows.isPending ? (
          <Loading label={t('common.loading')} />
        ) : follows.isError ? (
          <ErrorPanel title={t('remote.scan.error')} onRetry={() => follows.refetch()} retryLabel={t('common.retry')}>
            {follows.error.message}
          </ErrorPanel>
        ) : follows.data.results.length === 0 ? (
          <p>{t('remote.empty')}</p>
        ) : (
          <div className="content-cards">
            {follows.data.results.map((follow) => (
              <FollowedLibrary key={follow.uuid} follow={follow} />
            ))}
          </div>
        )}
      </section>
    </section>
  );
}
