import { EmptyState, ErrorPanel, Loading } from '@shoal/ui';
import { AlbumCard } from '../components/AlbumCard';
import { useRecentAlbums } from '../queries/use-recent-albums';

export function LibraryHomePage() {
  const albums = useRecentAlbums();
  return (
    <section aria-labelledby="library-title">
      <h1 id="library-title">Library</h1>
      <h2>Recently added</h2>
      {albums.isPending && <Loading label="Loading recent albums…" />}
      {albums.isError && (
        <ErrorPanel title="Recent albums could not be loaded" onRetry={() => void albums.refetch()}>
          <p>{albums.error.message}</p>
        </ErrorPanel>
      )}
      {albums.isSuccess && albums.data.results.length === 0 && (
        <EmptyState title="No results matching your query" onRefresh={() => void albums.refetch()} />
      )}
      {albums.isSuccess && albums.data.results.length > 0 && (
        <ul className="ui-card-grid">
          {albums.data.results.map((album) => (
            <AlbumCard key={album.id} album={album} />
          ))}
        </ul>
      )}
    </section>
  );
}
