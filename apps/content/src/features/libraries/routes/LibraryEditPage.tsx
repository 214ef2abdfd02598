import { showMessage } from '@shoal/messages';
import { useNavigate, useOutletContext } from '@shoal/router';
import { ConfirmButton } from '@shoal/ui';
import { useState } from 'react';
import { t } from '../../../i18n';
import type { OwnLibrary } from '../../common/types';
import { UploadsTable } from '../../uploads/components/UploadsTable';
import { FollowersList } from '../components/FollowersList';
import { LibraryForm } from '../components/LibraryForm';
import { SharingLink } from '../components/SharingLink';
import { useDeleteLibrary, usePurgeLibrary } from '../queries';

/** The owner's page of a library: details, sharing, followers, contents and deletion. */
export default function LibraryEditPage() {
  const library = useOutletContext<OwnLibrary>();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const purge = usePurgeLibrary(library.uuid);
  const remove = useDeleteLibrary(library.uuid);
  const fail = (error: Error) => showMessage({ content: `${t('uploads.actionError')}: ${error.message}`, error: true });
  return (
    <div className="content-stack">
      <section aria-labelledby="library-details-title">
        <h2 id="library-details-title">{t('library.form.editTitle')}</h2>
        <LibraryForm
          key={library.uuid}
          library={library}
          onSaved={() => showMessage({ content: t('library.form.saved'), color: 'green' })}
        />
      </section>
      <SharingLink library={library} />
      <FollowersList library={library} />
      <section aria-labelledby="library-contents-title">
        <h2 id="library-contents-title">{t('library.contents.title')}</h2>
        <ConfirmButton
          title={t('library.purge.title')}
          message={t('library.purge.text')}
          confirmLabel={t('library.purge.confirm')}
          cancelLabel={t('common.cancel')}
          closeLabel={t('common.close')}
          disabled={purge.isPending}
          onConfirm={() =>
            purge.mutate(undefined, {
              onSuccess: () => showMessage({ content: t('library.purge.done'), color: 'green' }),
              onError: fail,
            })
          }
        >
          {t('library.purge')}
        </ConfirmButton>
        <UploadsTable
          caption={t('library.contents.title')}
          filters={{ library: library.uuid }}
          page={page}
          onPage={setPage}
        />
      </section>
      <section aria-labelledby="library-delete-title">
        <h2 id="library-delete-title">{t('library.delete')}</h2>
        <p>{t('library.delete.text')}</p>
        <ConfirmButton
          title={t('library.delete.title')}
          message={t('library.delete.text')}
          confirmLabel={t('library.delete.confirm')}
          cancelLabel={t('common.cancel')}
          closeLabel={t('common.close')}
          disabled={remove.isPending}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                showMessage({ content: t('library.delete.done'), color: 'green' });
                navigate('/content/libraries');
              },
              onError: fail,
            })
          }
        >
          {t('library.delete')}
        </ConfirmButton>
      </section>
    </div>
  );
}
