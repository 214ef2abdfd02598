export { continueLine, type EditState, insertLink, PREFIXES, togglePrefix, wrapSelection } from './editor-commands';
export { formatDuration } from './format-duration';
export { formatSize } from './format-size';
export { DEFAULT_LOCALE, LOCALES, negotiateLocale } from './locales';
export { ELLIPSIS, TRUNCATE, truncate, truncateLines } from './truncate';
