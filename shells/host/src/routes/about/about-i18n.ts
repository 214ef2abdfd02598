import { createTranslator } from '@shoal/i18n';
import { aboutEnUS } from './about-en-US';

export const { t: ta } = createTranslator(aboutEnUS);
