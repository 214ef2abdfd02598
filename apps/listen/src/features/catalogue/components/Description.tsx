import { DescriptionBlock } from '@shoal/ui';
import { t } from '../../../i18n';
import type { RichText } from '../types';

/** The shared description block with this app's translated labels. */
export function Description({ description }: { description: RichText | null | undefined }) {
  return (
    <DescriptionBlock
      description={description}
      labels={{ none: t('description.none'), more: t('description.more'), less: t('description.less') }}
    />
  );
}
