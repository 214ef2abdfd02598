import { useInstance, useSession } from '@shoal/core';
import { Link, Navigate, NavLink, useLocation, useParams } from '@shoal/router';
import { CopyField } from '@shoal/ui';
import { t } from '../../../i18n/browse';
import { t as radioLabel } from '../../../i18n/radios';
import '../../search/browse-pages.css';
import { QueryStatus } from '../../catalogue/components/QueryStatus';
import { TrackTable } from '../../catalogue/components/TrackTable';
import type { Track } from '../../catalogue/types';
import { useVisibleTracks } from '../../content-filters/queries';
import { LibraryFollowButton } from '../../follows/components/LibraryFollowButton';
import { UserFollowButton } from '../../follows/components/UserFollowButton';
import { NotFoundPage } from '../../not-found/NotFoundPage';
import { PlaylistWidget } from '../../playlists/components/PlaylistWidget';
import { RadioButton } from '../../radios/components/RadioButton';
import { ReportButton } from '../../reports/components/ReportButton';
import { domainOf, fullUsername, needsLoginFor, parseHandle } from '../handle';
import { type Actor, useActor, useActorFavorites, useActorLibraries, useActorListenings } from '../queries';

/** `/@name` and `/@name@domain`, with the children '' (overview) and `activity`. */
export default function ProfilePage() {
  const { handle: segment = '', '*': rest = '' } = useParams();
  const location = useLocation();
  const instance = useInstance((state) => state.url);
  const authenticated = useSession((state) => state.status === 'authenticated');
  const handle = parseHandle(segment);
  if (!handle || (rest !== '' && rest !== 'activity')) return <NotFoundPage />;
  const own = domainOf(instance);
  if (needsLoginFor(handle, own, authenticated)) {
    const next = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  const full = fullUsername(handle, own);
  return <Profile key={full} full={full} base={`/${segment}`} tab={rest === 'activity' ? 'activity' : 'overview'} />;
}

function Profile({ full, base, tab }: { full: string; base: string; tab: 'overview' | 'activity' }) {
  const actor = useActor(full);
  return (
    <QueryStatus query={actor} failedTitle={t('profile.failed')}>
      {(data) => (
        <article aria-labelledby="profile-title">
          <ProfileHeader actor={data} />
          <nav aria-label={t('profile.sections')} className="listen-tabs">
            <ul>
              <li>
                <NavLink end to={base} className="listen-tab">
                  {t('profile.overview')}
                </NavLink>
              </li>
              <li>
                <NavLink to={`${base}/activity`} className="listen-tab">
                  {t('profile.activity')}
                </NavLink>
              </li>
            </ul>
          </nav>
          {tab === 'overview' ? <Overview actor={data} /> : <Activity full={data.full_username} />}
        </article>
      )}
    </QueryStatus>
  );
}

function ProfileHeader({ actor }: { actor: Actor }) {
  const me = useSession((state) => state.profile?.full_username);
  const avatar = actor.icon?.urls?.medium_square_crop ?? actor.icon?.urls?.original ?? null;
  const name = actor.name || actor.preferred_username;
  const link = actor.url ?? actor.fid ?? '';
  const isMe = me === actor.full_username;
  return (
    <header className="listen-detail-header">
      {avatar ? (
        <img src={avatar} alt="" width={120} height={120} />
      ) : (
        <div className="listen-card__placeholder listen-profile__initial" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </div>
      )}
      <div>
        <h1 id="profile-title">{name}</h1>
        <p className="listen-meta">@{actor.full_username}</p>
        {link && (
          <CopyField
            label={t('profile.federatedLink')}
            value={link}
            copyLabel={t('profile.copy')}
            copiedLabel={t('profile.copied')}
          />
        )}
        {isMe && (
          <p>
            <Link to="/content/channels/new">{t('profile.createChannel')}</Link>
          </p>
        )}
        {!isMe && (
          <div className="listen-actions">
            <UserFollowButton fullUsername={actor.full_username} name={name} />
            {/* A client-only radio: what this person listens to, as the live connection reports it. */}
            <RadioButton
              config={{ type: 'account', objectId: actor.full_username, clientOnly: true }}
              label={radioLabel('radios.startNamed', { name: `@${actor.full_username}` })}
            />
            <ReportButton target={{ type: 'account', id: actor.full_username, label: `@${actor.full_username}` }} />
          </div>
        )}
      </div>
    </header>
  );
}

function Overview({ actor }: { actor: Actor }) {
  const libraries = useActorLibraries(actor.full_username);
  const me = useSession((state) => state.profile?.full_username);
  return (
    <section aria-labelledby="profile-libraries">
      <h2 id="profile-libraries">{t('profile.libraries')}</h2>
      <QueryStatus
        query={libraries}
        failedTitle={t('profile.librariesFailed')}
        isEmpty={(page) => page.results.length === 0}
        emptyText={t('profile.noLibraries')}
      >
        {(page) => (
          <ul className="listen-list">
            {page.results.map((library) => (
              <li key={library.uuid} className="listen-library">
                <div>
                  <Link to={`/library/${library.uuid}`}>{library.name}</Link>{' '}
                  <span className="listen-meta">
                    {t('common.tracks', { count: library.uploads_count ?? 0 })}
                    {library.description ? ` · ${library.description}` : ''}
                  </span>
                </div>
                {me !== actor.full_username && <LibraryFollowButton library={library} />}
              </li>
            ))}
          </ul>
        )}
      </QueryStatus>
    </section>
  );
}

/** A track listened to twice shows once, at its latest listening (rows are keyed by track). */
function uniqueTracks(tracks: Track[]): Track[] {
  const seen = new Set<number>();
  return tracks.filter((track) => {
    if (seen.has(track.id)) return false;
    seen.add(track.id);
    return true;
  });
}

function Activity({ full }: { full: string }) {
  const favorites = useActorFavorites(full);
  const listenings = useActorListenings(full);
  const visible = useVisibleTracks();
  return (
    <>
      <section aria-labelledby="profile-favorites">
        <h2 id="profile-favorites">{t('profile.recentFavorites')}</h2>
        <QueryStatus
          query={favorites}
          failedTitle={t('profile.activityFailed')}
          isEmpty={(page) => page.results.length === 0}
          emptyText={t('profile.noFavorites')}
        >
          {(page) => (
            <TrackTable
              tracks={visible(page.results.map((item) => item.track))}
              caption={t('profile.recentFavorites')}
            />
          )}
        </QueryStatus>
      </section>
      <section aria-labelledby="profile-listenings">
        <h2 id="profile-listenings">{t('profile.recentListenings')}</h2>
        <QueryStatus
          query={listenings}
          failedTitle={t('profile.activityFailed')}
          isEmpty={(page) => page.results.length === 0}
          emptyText={t('profile.noListenings')}
        >
          {(page) => (
            <TrackTable
              tracks={visible(uniqueTracks(page.results.map((item) => item.track)))}
              caption={t('profile.recentListenings')}
            />
          )}
        </QueryStatus>
      </section>
      <section aria-labelledby="profile-playlists">
        <h2 id="profile-playlists">{t('profile.playlists')}</h2>
        <PlaylistWidget
          filters={{ scope: `actor:${full}`, playable: true }}
          failedTitle={t('profile.playlistsFailed')}
          emptyText={t('profile.noPlaylists')}
        />
      </section>
    </>
  );
}
