import { createTranslator } from '@shoal/i18n';
import { enUS } from './en-US';

/** The embed player's translator: en-US only for now, like the rest of Shoal's first catalogues. */
export const { t } = createTranslator(enUS);
