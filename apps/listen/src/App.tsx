import { QueryProvider } from '@shoal/query';
import { Route, Routes } from '@shoal/router';
import { Loading } from '@shoal/ui';
import { lazy, Suspense } from 'react';
import './listen.css';
import { LibraryHomePage } from './features/library/routes/LibraryHomePage';
import { NotFoundPage } from './features/not-found/NotFoundPage';
import { t } from './i18n';

// Every page but the library home is its own chunk, so the first visit to /library stays light.
const ArtistsBrowsePage = lazy(() => import('./features/artists/routes/ArtistsBrowsePage'));
const AlbumsBrowsePage = lazy(() => import('./features/albums/routes/AlbumsBrowsePage'));
const ArtistDetailPage = lazy(() => import('./features/artists/routes/ArtistDetailPage'));
const AlbumDetailPage = lazy(() => import('./features/albums/routes/AlbumDetailPage'));
const TrackDetailPage = lazy(() => import('./features/tracks/routes/TrackDetailPage'));
const TagDetailPage = lazy(() => import('./features/tags/routes/TagDetailPage'));
const SearchPage = lazy(() => import('./features/search/routes/SearchPage'));
const FavoritesPage = lazy(() => import('./features/favorites/routes/FavoritesPage'));
const SubscriptionsPage = lazy(() => import('./features/subscriptions/routes/SubscriptionsPage'));
const ProfilePage = lazy(() => import('./features/profiles/routes/ProfilePage'));
const ExplorePage = lazy(() => import('./features/explore/routes/ExplorePage'));
const ChannelsBrowsePage = lazy(() => import('./features/channels/routes/ChannelsBrowsePage'));
const ChannelDetailPage = lazy(() => import('./features/channels/routes/ChannelDetailPage'));

/** The listen app's routes, mounted by the host under `/library`, `/search`, `/favorites`, `/channels`, `/@…`. */
export default function ListenApp() {
  return (
    <QueryProvider>
      <Suspense fallback={<Loading label={t('common.loading')} />}>
        <Routes>
          <Route path="library" element={<LibraryHomePage />} />
          <Route path="library/artists" element={<ArtistsBrowsePage />} />
          <Route path="library/albums" element={<AlbumsBrowsePage />} />
          <Route path="library/me/artists" element={<ArtistsBrowsePage scope="me" />} />
          <Route path="library/me/albums" element={<AlbumsBrowsePage scope="me" />} />
          <Route path="library/podcasts" element={<ArtistsBrowsePage category="podcast" />} />
          <Route path="library/artists/:id" element={<ArtistDetailPage />} />
          <Route path="library/albums/:id" element={<AlbumDetailPage />} />
          <Route path="library/tracks/:id" element={<TrackDetailPage />} />
          <Route path="library/tags/:id" element={<TagDetailPage />} />
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
