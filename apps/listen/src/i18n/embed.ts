import { createTranslator } from '@shoal/i18n';
import { enUSEmbed } from './en-US.embed';

/** The embed wizard's translator: its strings come with its own (lazy) chunk. */
export const { t, load: loadEmbedLocale } = createTranslator(enUSEmbed);
