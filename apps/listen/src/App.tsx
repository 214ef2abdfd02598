import { QueryProvider } from '@shoal/query';
import { Route, Routes } from '@shoal/router';
import { Loading } from '@shoal/ui';
import { lazy, Suspense } from 'react';
import './listen.css';
import { LibraryHomePage } from './features/library/routes/LibraryHomePage';
import { t } from './i18n';

// Every page but the library home is its own chunk, so the first visit to /library stays light.
const ArtistsBrowsePage = lazy(() => import('./features/artists/routes/ArtistsBrowsePage'));
const AlbumsBrowsePage = lazy(() => import('./features/albums/routes/AlbumsBrowsePage'));
const ArtistDetailPage = lazy(() => import('./features/artists/routes/ArtistDetailPage'));
const AlbumDetailPage = lazy(() => import('./features/albums/routes/AlbumDetailPage'));
const TrackDetailPage = lazy(() => import('./features/tracks/routes/TrackDetailPage'));
const TagDetailPage = lazy(() => import('./features/tags/routes/TagDetailPage'));
const EditPage = lazy(() => import('./features/edits/routes/EditPage'));
const LibraryDetailPage = lazy(() => import('./features/libraries/routes/LibraryDetailPage'));
const RadiosPage = lazy(() => import('./features/radios/routes/RadiosPage'));
const RadioDetailPage = lazy(() => import('./features/radios/routes/RadioDetailPage'));
const RadioBuilderPage = lazy(() => import('./features/radios/routes/RadioBuilderPage'));
const PlaylistsPage = lazy(() => import('./features/playlists/routes/PlaylistsPage'));
const PlaylistDetailPage = lazy(() => import('./features/playlists/routes/PlaylistDetailPage'));
const SearchPage = lazy(() => import('./features/search/routes/SearchPage'));
const FavoritesPage = lazy(() => import('./features/favorites/routes/FavoritesPage'));
const SubscriptionsPage = lazy(() => import('./features/subscriptions/routes/SubscriptionsPage'));
const ProfilePage = lazy(() => import('./features/profiles/routes/ProfilePage'));
const ExplorePage = lazy(() => import('./features/explore/routes/ExplorePage'));
const ChannelsBrowsePage = lazy(() => import('./features/channels/routes/ChannelsBrowsePage'));
const ChannelDetailPage = lazy(() => import('./features/channels/routes/ChannelDetailPage'));
const NotFoundPage = lazy(() =>
  import('./features/not-found/NotFoundPage').then((module) => ({ default: module.NotFoundPage })),
);

/** The listen app's routes, mounted by the host under `/library`, `/search`, `/favorites`, `/channels`, `/@…`. */
export default function ListenApp() {
  return (
    <QueryProvider>
      <Suspense fallback={<Loading label={t('common.loading')} />}>
        <Routes>
          <Route path="library" element={<LibraryHomePage />} />
          <Route path="library/me" element={<LibraryHomePage scope="me" />} />
          <Route path="library/artists" element={<ArtistsBrowsePage />} />
          <Route path="library/albums" element={<AlbumsBrowsePage />} />
          <Route path="library/me/artists" element={<ArtistsBrowsePage scope="me" />} />
          <Route path="library/me/albums" element={<AlbumsBrowsePage scope="me" />} />
          <Route path="library/podcasts" element={<ArtistsBrowsePage category="podcast" />} />
          <Route path="library/artists/:id" element={<ArtistDetailPage />} />
          <Route path="library/albums/:id" element={<AlbumDetailPage />} />
          <Route path="library/tracks/:id" element={<TrackDetailPage />} />
          <Route path="library/tags/:id" element={<TagDetailPage />} />
          {(['artist', 'album', 'track'] as const).map((kind) => [
            <Route key={`${kind}-edit`} path={`library/${kind}s/:id/edit`} element={<EditPage kind={kind} />} />,
            <Route key={`${kind}-one`} path={`library/${kind}s/:id/edit/:editId`} element={<EditPage kind={kind} />} />,
          ])}
          <Route path="library/:uuid/*" element={<LibraryDetailPage />} />
          <Route path="library/radios" element={<RadiosPage />} />
          <Route path="library/me/radios" element={<RadiosPage scope="me" />} />
          <Route path="library/radios/build" element={<RadioBuilderPage />} />
          <Route path="library/radios/build/:id" element={<RadioBuilderPage />} />
          <Route path="library/radios/:id" element={<RadioDetailPage />} />
          <Route path="library/playlists" element={<PlaylistsPage />} />
          <Route path="library/me/playlists" element={<PlaylistsPage scope="me" />} />
          <Route path="library/playlists/:id" element={<PlaylistDetailPage />} />
          <Route path="library/explore" element={<ExplorePage />} />
          <Route path="library/channels" element={<ChannelsBrowsePage />} />
          <Route path="channels/:id/*" element={<ChannelDetailPage />} />
          <Route path="search" element={<SearchPage />} />
          <Route path="favorites" element={<FavoritesPage />} />
          <Route path="subscriptions" element={<SubscriptionsPage />} />
          {/* `/@name` and `/@name@domain` (the page refuses anything not starting with @). */}
          <Route path=":handle/*" element={<ProfilePage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </QueryProvider>
  );
}
