import { useSession } from '@shoal/core';
import { Navigate, NavLink, Route, Routes, useParams, useSearchParams } from '@shoal/router';
import { formatSize } from '@shoal/text';
import { t } from '../../../i18n/edits';
import { Pagination } from '../../browse/components/Pagination';
import { QueryStatus } from '../../catalogue/components/QueryStatus';
import { TrackTable } from '../../catalogue/components/TrackTable';
import { useAlbums, useTracks } from '../../catalogue/queries';
import { AlbumCard } from '../../library/components/AlbumCard';
import { DetailMenu } from '../../menus/DetailMenu';
import { NotFoundPage } from '../../not-found/NotFoundPage';
import { RadioButton } from '../../radios/components/RadioButton';
import { type Library, useLibrary } from '../queries';
import { isUuid } from '../uuid';

const PAGE_SIZE = 50;

/** The list page, kept in the address (`?page=2`) so a reload or a shared link shows the same page. */
function usePage(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1;
  const setPage = (next: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next <= 1) copy.delete('page');
      else copy.set('page', String(next));
      return copy;
    });
  return [page, setPage];
}

const VISIBILITY: Record<string, Parameters<typeof t>[0]> = {
  me: 'libraryDetail.visibility.me',
  instance: 'libraryDetail.visibility.instance',
  everyone: 'libraryDetail.visibility.everyone',
  followers: 'libraryDetail.visibility.followers',
};

/**
 * `/library/{uuid}` (product.md §2) with its children: '' (overview), albums, tracks; `upload`
 * goes to `/upload`. Anything that is not a UUID is a page not found.
 */
export default function LibraryDetailPage() {
  const { uuid } = useParams();
  if (!isUuid(uuid)) return <NotFoundPage />;
  return <LibraryDetail uuid={uuid} />;
}

function LibraryDetail({ uuid }: { uuid: string }) {
  const library = useLibrary(uuid);
  const me = useSession((state) => state.profile?.full_username);
  const permissions = useSession((state) => state.permissions);
  const base = `/library/${uuid}`;
  return (
    <QueryStatus query={library} failedTitle={t('libraryDetail.failed')}>
      {(data) => {
        const owner = Boolean(me && data.actor?.full_username === me);
        return (
          <article aria-labelledby="library-detail-title">
            <header className="listen-detail-header listen-detail-header--plain">
              <div>
                <h1 id="library-detail-title">{data.name}</h1>
                <DetailMenu
                  kind="library"
                  id={uuid}
                  name={data.name}
                  path={base}
                  canDelete={owner}
                  deleteUrl={`libraries/${uuid}/`}
                  afterDelete="/library"
                  links={
                    permissions.library
                      ? [{ href: `/manage/library/libraries/${uuid}`, label: t('more.moderation') }]
                      : []
                  }
                />
                {(data.uploads_count ?? 0) > 0 && <RadioButton config={{ type: 'library', objectId: uuid }} />}
              </div>
            </header>
            <nav aria-label={t('libraryDetail.tabs')} className="listen-tabs">
              <NavLink to={base} end>
                {t('libraryDetail.overview')}
              </NavLink>
              <NavLink to={`${base}/albums`}>{t('libraryDetail.albums')}</NavLink>
              <NavLink to={`${base}/tracks`}>{t('libraryDetail.tracks')}</NavLink>
            </nav>
            <Routes>
              <Route index element={<Overview library={data} />} />
              <Route path="albums" element={<LibraryAlbums uuid={uuid} />} />
              <Route path="tracks" element={<LibraryTracks uuid={uuid} />} />
              <Route path="upload" element={<Navigate to="/upload" replace />} />
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          </article>
        );
      }}
    </QueryStatus>
  );
}

function Overview({ library }: { library: Library }) {
  const unknown = t('track.unknown');
  const visibility = library.privacy_level ? VISIBILITY[library.privacy_level] : undefined;
  const rows: [string, string][] = [
    [t('libraryDetail.owner'), library.actor?.full_username ?? unknown],
    [t('libraryDetail.visibility'), visibility ? t(visibility) : (library.privacy_level ?? unknown)],
    [t('libraryDetail.uploads'), (library.uploads_count ?? 0).toLocaleString()],
    [t('libraryDetail.size'), typeof library.size === 'number' ? formatSize(library.size) : unknown],
    [
      t('libraryDetail.created'),
      library.creation_date ? new Date(library.creation_date).toLocaleDateString() : unknown,
    ],
  ];
  return (
    <>
      {library.description?.trim() ? (
        <p className="listen-library-description">{library.description}</p>
      ) : (
        <p className="ui-description--empty">{t('libraryDetail.noDescription')}</p>
      )}
      <table className="listen-table listen-info-table">
        <caption>{t('libraryDetail.facts')}</caption>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function LibraryAlbums({ uuid }: { uuid: string }) {
  const [pageNumber, setPage] = usePage();
  const albums = useAlbums({ library: uuid, ordering: 'title', page_size: PAGE_SIZE, page: pageNumber });
  return (
    <section aria-labelledby="library-albums-title">
      <h2 id="library-albums-title">{t('libraryDetail.albums')}</h2>
      <QueryStatus
        query={albums}
        failedTitle={t('libraryDetail.failed')}
        isEmpty={(page) => page.results.length === 0}
        emptyText={t('libraryDetail.noAlbums')}
      >
        {(page) => (
          <>
            <ul className="ui-card-grid">
              {page.results.map((album) => (
                <AlbumCard key={album.id} album={album} />
              ))}
            </ul>
            <Pagination page={pageNumber} pages={Math.ceil(page.count / PAGE_SIZE)} onChange={setPage} />
          </>
        )}
      </QueryStatus>
    </section>
  );
}

function LibraryTracks({ uuid }: { uuid: string }) {
  const [pageNumber, setPage] = usePage();
  const tracks = useTracks({ library: uuid, ordering: 'title', page_size: PAGE_SIZE, page: pageNumber });
  return (
    <section aria-labelledby="library-tracks-title">
      <h2 id="library-tracks-title">{t('libraryDetail.tracks')}</h2>
      <QueryStatus
        query={tracks}
        failedTitle={t('libraryDetail.failed')}
        isEmpty={(page) => page.results.length === 0}
        emptyText={t('libraryDetail.noTracks')}
      >
        {(page) => (
          <>
            <TrackTable tracks={page.results} caption={t('libraryDetail.tracks')} />
            <Pagination page={pageNumber} pages={Math.ceil(page.count / PAGE_SIZE)} onChange={setPage} />
          </>
        )}
      </QueryStatus>
    </section>
  );
}
