import '../../playlists/playlists.css';
import { useSession } from '@shoal/core';
import { Link, useSearchParams } from '@shoal/router';
import { t } from '../../../i18n/radios';
import { BrowseResults } from '../../browse/components/BrowseResults';
import { RadioButton } from '../components/RadioButton';
import { RadioCard } from '../components/RadioCard';
import { useRadios } from '../queries/radios';
import { BUILTIN_RADIOS } from '../types';

/** calls.md §9.2: radios are paginated by 12. */
export const RADIOS_PAGE_SIZE = 12;

export interface RadiosPageProps {
  /** `me`: only the listener's own radios (`/library/me/radios`). */
  scope?: 'me';
}

/** `/library/radios` (the pod's radios and everyone's public ones) and `/library/me/radios`. */
export default function RadiosPage({ scope }: RadiosPageProps) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const signedIn = useSession((state) => state.status === 'authenticated');
  const radios = useRadios({ scope, page, page_size: RADIOS_PAGE_SIZE, ordering: '-creation_date' });
  const title = scope === 'me' ? t('radios.myTitle') : t('radios.title');
  return (
    <article aria-labelledby="radios-title">
      <h1 id="radios-title">{title}</h1>
      {signedIn && (
        <p>
          <Link className="ui-button" to="/library/radios/build">
            {t('radios.create')}
          </Link>
        </p>
      )}
      {scope !== 'me' && (
        <section aria-labelledby="radios-builtin">
          <h2 id="radios-builtin">{t('radios.builtin')}</h2>
          <ul className="ui-card-grid">
            {BUILTIN_RADIOS.filter((type) => signedIn || type === 'random' || type === 'recently-added').map((type) => (
              <li key={type} className="ui-card listen-card listen-radio-card">
                <h3 className="listen-card__title">{t(`radios.type.${type}`)}</h3>
                <p className="listen-card__meta">{t(`radios.type.${type}.help`)}</p>
                <RadioButton config={{ type }} label={t('radios.startNamed', { name: t(`radios.type.${type}`) })} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="radios-custom">
        <h2 id="radios-custom">{scope === 'me' ? t('radios.myTitle') : t('radios.custom')}</h2>
        <BrowseResults
          query={radios}
          page={page}
          paginateBy={RADIOS_PAGE_SIZE}
          onPage={(next) =>
            setParams((current) => {
              const copy = new URLSearchParams(current);
              copy.set('page', String(next));
              return copy;
            })
          }
        >
          {(items) => (
            <ul className="ui-card-grid">
              {items.map((radio) => (
                <RadioCard key={radio.id} radio={radio} />
              ))}
            </ul>
          )}
        </BrowseResults>
      </section>
    </article>
  );
}
