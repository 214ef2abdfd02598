import { showMessage } from '@shoal/messages';
import { ErrorPanel, Loading } from '@shoal/ui';
import { t } from '../../../i18n';
import type { LibraryFollow, OwnLibrary } from '../../common/types';
import { useAnswerFollow, useLibraryFollowers } from '../queries';

function stateOf(follow: LibraryFollow): 'pending' | 'accepted' | 'rejected' {
  if (follow.approved === true) return 'accepted';
  if (follow.approved === false) return 'rejected';
  return 'pending';
}

/** Who follows the library; the owner accepts or rejects pending requests (product.md §4, Library follow). */
export function FollowersList({ library }: { library: OwnLibrary }) {
  const followers = useLibraryFollowers(library.uuid);
  const answer = useAnswerFollow(library.uuid);
  return (
    <section aria-labelledby="library-followers-title">
      <h2 id="library-followers-title">{t('library.followers.title')}</h2>
      {followers.isPending ? (
        <Loading label={t('common.loading')} />
      ) : followers.isError ? (
        <ErrorPanel title={t('common.loadError')} onRetry={() => followers.refetch()} retryLabel={t('common.retry')}>
          {followers.error.message}
        </ErrorPanel>
      ) : followers.data.results.length === 0 ? (
        <p>{t('library.followers.empty')}</p>
      ) : (
        <ul className="content-list">
          {followers.data.results.map((follow) => {
            const name = follow.actor.full_username || follow.actor.preferred_username || follow.actor.fid;
            const state = stateOf(follow);
            return (
              <li key={follow.uuid} className="content-row">
                <span>
                  <strong>{name}</strong> — {t(`library.followers.${state}`)}{' '}
                  <span className="content-muted">
                    {t('library.followers.since', { date: new Date(follow.creation_date).toLocaleDateString() })}
                  </span>
                </span>
                {state !== 'accepted' && (
                  <button
                    type="button"
                    className="ui-button"
                    disabled={answer.isPending}
                    onClick={() =>
                      answer.mutate(
                        { follow: follow.uuid, accept: true },
                        { onError: (error) => showMessage({ content: error.message, error: true }) },
                      )
                    }
                  >
                    {t('library.followers.accept', { name })}
                  </button>
                )}
                {state !== 'rejected' && (
                  <button
                    type="button"
                    className="ui-button ui-button--secondary"
                    disabled={answer.isPending}
                    onClick={() =>
                      answer.mutate(
                        { follow: follow.uuid, accept: false },
                        { onError: (error) => showMessage({ content: error.message, error: true }) },
                      )
                    }
                  >
                    {t('library.followers.reject', { name })}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
