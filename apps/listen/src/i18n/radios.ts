import { createTranslator } from '@shoal/i18n';
import { enUS } from './en-US';
import { radiosEnUS } from './en-US.radios';

/**
 * The translator of the radios pages and components. Their strings live in their own catalogue so
 * that they load with those (lazy) pages, not with the first visit to /library (whose budget is
 * tight); the app's catalogue is included so one `t` serves both.
 */
export const { t, load: loadRadiosLocale } = createTranslator({ ...enUS, ...radiosEnUS });
