import { Link } from '@shoal/router';
import { t } from '../../../i18n/radios';
import type { Radio } from '../types';
import { RadioButton } from './RadioButton';

/** A custom radio in a grid: name (the link), owner, description and its start button. */
export function RadioCard({ radio }: { radio: Radio }) {
  return (
    <li className="ui-card listen-card listen-radio-card">
      <Link to={`/library/radios/${radio.id}`} className="listen-card__title">
        {radio.name}
      </Link>
      <div className="listen-card__meta">{t('radios.by', { username: radio.user.username })}</div>
      {radio.description && <p className="listen-card__meta">{radio.description}</p>}
      <RadioButton
        config={{ type: 'custom', customRadioId: radio.id }}
        label={t('radios.startNamed', { name: radio.name })}
      />
    </li>
  );
}
