import { t } from '../../../i18n/radios';
import type { RadioFilter } from '../types';

/** A filter in words: "Tag: Rock, Jazz (excluded)". */
export function filterText(filter: RadioFilter): string {
  const label = filter.type === 'tag' ? t('radios.filter.tag') : t('radios.filter.artist');
  const names =
    filter.type === 'tag'
      ? (filter.names ?? [])
      : ((filter.names as string[] | undefined) ?? filter.ids?.map(String) ?? []);
  const text = `${label}: ${names.join(', ')}`;
  return filter.not ? `${text} (${t('radios.filter.excluded')})` : text;
}
