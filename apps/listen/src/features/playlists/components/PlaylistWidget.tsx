import type { QueryValue } from '@shoal/core';
import { Link } from '@shoal/router';
import { useState } from 'react';
import { t } from '../../../i18n/playlists';
import { QueryStatus } from '../../catalogue/components/QueryStatus';
import { usePlaylists } from '../queries/playlists';
import { PlaylistCard } from './PlaylistCard';

/** How many more cards "Show more" brings, and how many the widget shows before it sends to the full list. */
export const PLAYLIST_WIDGET_STEP = 6;
const PLAYLIST_WIDGET_MAX = PLAYLIST_WIDGET_STEP * 4;

export interface PlaylistWidgetProps {
  /** The `playlists/` filters: `scope`, `user`, `track`, `playable`, `ordering`… */
  filters: Record<string, QueryValue>;
  failedTitle: string;
  emptyText: string;
  /** The full list this widget is a glimpse of, linked once the widget has shown its most. */
  viewAll?: string;
}

/**
 * A few playlist cards for a page that is about something else (the library home, a profile, a track),
 * growing by "Show more" in place. One query whose page grows keeps the cards in one list and in order.
 */
export function PlaylistWidget({ filters, failedTitle, emptyText, viewAll }: PlaylistWidgetProps) {
  const [shown, setShown] = useState(PLAYLIST_WIDGET_STEP);
  const playlists = usePlaylists({ ordering: '-modification_date', ...filters, page: 1, page_size: shown });
  return (
    <QueryStatus
      query={playlists}
      failedTitle={failedTitle}
      isEmpty={(page) => page.results.length === 0}
      emptyText={emptyText}
    >
      {(page) => {
        const more = page.count > page.results.length;
        return (
          <>
            <ul className="ui-card-grid" aria-busy={playlists.isFetching}>
              {page.results.map((playlist) => (
                <PlaylistCard key={playlist.id} playlist={playlist} />
              ))}
            </ul>
            {more && shown < PLAYLIST_WIDGET_MAX && (
              <button
                type="button"
                className="ui-button ui-button--secondary"
                disabled={playlists.isFetching}
                onClick={() => setShown((count) => count + PLAYLIST_WIDGET_STEP)}
              >
                {t('playlists.widget.more')}
              </button>
            )}
            {more && shown >= PLAYLIST_WIDGET_MAX && viewAll && (
              <p>
                <Link to={viewAll}>{t('playlists.widget.viewAll', { count: page.count })}</Link>
              </p>
            )}
          </>
        );
      }}
    </QueryStatus>
  );
}
