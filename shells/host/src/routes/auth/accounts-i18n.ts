import { createTranslator } from '@shoal/i18n';
import { accountsEnUS } from './en-US.accounts';

/** The account screens' translator: their text loads with them, not with the first visit (the 140 KB budget). */
export const { t } = createTranslator(accountsEnUS);
