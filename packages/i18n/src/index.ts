export {
  type Catalogue,
  createTranslator,
  currentLocale,
  type Message,
  onLocaleChange,
  type Params,
  SOURCE_LOCALE,
  setLocale,
  storedLocale,
  type Translate,
} from './translator';
export { useLocale } from './use-locale';
