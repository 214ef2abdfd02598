import { createTranslator } from '@shoal/i18n';
import { enUS } from './en-US';
import { enUSBrowse } from './en-US.browse';
import { channelsEnUS } from './en-US.channels';
import { searchEnUS } from './en-US.search';

/**
 * The translator of search, favorites, follows, subscriptions, channels, profiles, reports and
 * explore. Their strings live in their own catalogue so that they load with those pages and
 * controls, not with the first visit to /library (whose budget is tight); the app's catalogue is
 * included so one `t` serves both.
 */
export const { t, load: loadBrowseLocale } = createTranslator({
  ...enUS,
  ...enUSBrowse,
  ...searchEnUS,
  ...channelsEnUS,
});
