import { showMessage } from '@shoal/messages';
import { useNavigate } from '@shoal/router';
import { t } from '../../../i18n';
import { LibraryForm } from '../components/LibraryForm';

export default function LibraryCreatePage() {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="library-create-title" className="content-page">
      <h1 id="library-create-title">{t('library.form.createTitle')}</h1>
      <LibraryForm
        onSaved={(library) => {
          showMessage({ content: t('library.form.saved'), color: 'green' });
          navigate(`/content/libraries/${library.uuid}`);
        }}
      />
    </section>
  );
}
