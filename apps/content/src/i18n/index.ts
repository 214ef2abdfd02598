import { createTranslator } from '@shoal/i18n';
import { enUS } from './en-US';

/** The content app's translator (see @shoal/i18n for why this layer is home-made). */
export const { t, load: loadContentLocale } = createTranslator(enUS);
