import { createTranslator } from '@shoal/i18n';
import { enUS } from './en-US';
import { playlistsEnUS } from './en-US.playlists';

/**
 * The translator of the playlists pages and components. Their strings live in their own catalogue so
 * that they load with those (lazy) pages, not with the first visit to /library (whose budget is
 * tight); the app's catalogue is included so one `t` serves both.
 */
export const { t, load: loadPlaylistsLocale } = createTranslator({ ...enUS, ...playlistsEnUS });
