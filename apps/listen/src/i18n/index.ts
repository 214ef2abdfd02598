import { createTranslator } from '@shoal/i18n';
import { enUS } from './en-US';

/** The listen app's translator (see @shoal/i18n for why this layer is home-made). */
export const { t, load: loadListenLocale } = createTranslator(enUS);
