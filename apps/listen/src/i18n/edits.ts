import { createTranslator } from '@shoal/i18n';
import { enUS } from './en-US';
import { enUSEdits } from './en-US.edits';

/**
 * The translator of the edit pages, detail menus, description editing and library pages. Their
 * strings live in their own catalogue so that they load with those (lazy) pages, not with the
 * first visit to /library; the app's catalogue is included so one `t` serves both.
 */
export const { t, load: loadEditsLocale } = createTranslator({ ...enUS, ...enUSEdits });
