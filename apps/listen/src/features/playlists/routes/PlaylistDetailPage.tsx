import '../playlists.css';
import { useSession } from '@shoal/core';
import { Link, useNavigate, useParams, useSearchParams } from '@shoal/router';
import { ConfirmButton, ErrorAlert, Loading } from '@shoal/ui';
import { t } from '../../../i18n/playlists';
import { QueryStatus } from '../../catalogue/components/QueryStatus';
import { TrackTable } from '../../catalogue/components/TrackTable';
import { PlayButton } from '../../player-actions/PlayButton';
import { errorMessages } from '../../radios/error-messages';
import { PlaylistEditor } from '../components/PlaylistEditor';
import { PlaylistForm } from '../components/PlaylistForm';
import { PlaylistXspfMenu } from '../components/PlaylistXspfMenu';
import { useDeletePlaylist, usePlaylist, usePlaylistEntries } from '../queries/playlists';

/** `/library/playlists/:id`: the playlist and its tracks; `?mode=edit` opens the form and the editor to its owner. */
export default function PlaylistDetailPage() {
  const { id = '' } = useParams();
  const playlistId = Number(id);
  const [params, setParams] = useSearchParams();
  const playlist = usePlaylist(playlistId);
  const entries = usePlaylistEntries(playlistId);
  const username = useSession((state) => state.profile?.username ?? null);
  const remove = useDeletePlaylist();
  const navigate = useNavigate();
  return (
    <QueryStatus query={playlist} failedTitle={t('playlists.detailFailed')}>
      {(data) => {
        const owner = username === data.user.username;
        const editing = owner && params.get('mode') === 'edit';
        const tracks = entries.data?.map((entry) => entry.track) ?? [];
        return (
          <article aria-labelledby="playlist-title">
            <header>
              <h1 id="playlist-title">{data.name}</h1>
              <p className="listen-meta">
                {t('playlists.by', { username: data.user.username })} ·{' '}
                {t(`playlists.visibility.${data.privacy_level}`)} · {t('common.tracks', { count: data.tracks_count })}
              </p>
              {data.description && <p>{data.description}</p>}
              <div className="listen-actions">
                <PlayButton tracks={tracks} label={t('common.playAll')} />
                <PlaylistXspfMenu exportable={{ playlist: data, entries: entries.data }} />
                {owner && (
                  <>
                    {editing ? (
                      <Link className="ui-button ui-button--secondary" to={`/library/playlists/${data.id}`}>
                        {t('playlists.stopEditing')}
                      </Link>
                    ) : (
                      <Link className="ui-button ui-button--secondary" to={`/library/playlists/${data.id}?mode=edit`}>
                        {t('playlists.edit')}
                      </Link>
                    )}
                    <ConfirmButton
                      title={t('playlists.deleteTitle', { name: data.name })}
                      message={<p>{t('playlists.deleteMessage')}</p>}
                      confirmLabel={t('playlists.delete')}
                      cancelLabel={t('playlists.cancel')}
                      closeLabel={t('playlists.close')}
                      disabled={remove.isPending}
                      onConfirm={() => remove.mutate(data.id, { onSuccess: () => navigate('/library/me/playlists') })}
                    >
                      {t('playlists.delete')}
                    </ConfirmButton>
                  </>
                )}
              </div>
              {remove.isError && (
                <ErrorAlert title={t('playlists.form.failed')} messages={errorMessages(remove.error)} />
              )}
            </header>
            {editing ? (
              <>
                <PlaylistForm key={data.id} playlist={data} onSaved={() => setParams({ mode: 'edit' })} />
                {entries.isPending ? (
                  <Loading label={t('common.loading')} />
                ) : (
                  <PlaylistEditor playlist={data} entries={entries.data ?? []} />
                )}
              </>
            ) : (
              <>
                <h2>{t('playlists.tracks')}</h2>
                <QueryStatus
                  query={entries}
                  failedTitle={t('playlists.detailFailed')}
                  isEmpty={(list) => list.length === 0}
                  emptyText={t('playlists.empty')}
                >
                  {(list) => <TrackTable tracks={list.map((entry) => entry.track)} caption={t('playlists.tracks')} />}
                </QueryStatus>
              </>
            )}
          </article>
        );
      }}
    </QueryStatus>
  );
}
