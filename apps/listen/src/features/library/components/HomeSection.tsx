import { Link } from '@shoal/router';
import type { ReactNode } from 'react';
import { t } from '../../../i18n';

/** One titled section of the library home, with its "view all" link when there is more. */
export function HomeSection({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
      {more && (
        <p>
          <Link to={more}>{t('common.viewAll')}</Link>
        </p>
      )}
    </section>
  );
}
