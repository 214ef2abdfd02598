import { ApiError, apiRequest, useSession } from '@shoal/core';
import { showMessage } from '@shoal/messages';
import { Link, useNavigate } from '@shoal/router';
import { Loading, Modal } from '@shoal/ui';
import { lazy, Suspense, useRef, useState } from 'react';
import '../edits/edits.css';
import { t } from '../../i18n/edits';
import { editRights } from '../edits/permissions';
import { DisclosureMenu, type DisclosureMenuItem } from './DisclosureMenu';
import type { EmbedKind } from './embed';

// The wizard (and its strings) loads when the listener opens it, not with the detail page.
const EmbedWizard = lazy(() => import('./EmbedWizard'));

export type DetailKind = EmbedKind | 'library';

export interface DetailMenuProps {
  kind: DetailKind;
  id: number | string;
  name: string;
  isLocal?: boolean;
  /** The object's page; its edit pages live under `${path}/edit`. */
  path: string;
  /** Whether this user may delete the object (decided by the page: owner, manager…). */
  canDelete?: boolean;
  /** The API path DELETEd after confirmation. */
  deleteUrl?: string;
  /** Where to go once deleted. */
  afterDelete?: string;
  /** Extra links shown by permission (e.g. the moderation interface of a library). */
  links?: { href: string; label: string }[];
}

/**
 * The detail pages' actions menu (product.md §2): edit or suggest an edit (by permission; remote
 * objects take neither), embed (the embed wizard, loaded when opened), delete (with confirmation), and
 * any extra links, in a disclosure menu. Anonymous visitors see only what needs no account.
 */
export function DetailMenu({
  kind,
  id,
  name,
  isLocal,
  path,
  canDelete,
  deleteUrl,
  afterDelete,
  links = [],
}: DetailMenuProps) {
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<'embed' | 'delete' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const status = useSession((state) => state.status);
  const permissions = useSession((state) => state.permissions);
  const navigate = useNavigate();
  // Libraries and channels are edited by their owner on their own forms, not through edit suggestions.
  const rights =
    kind === 'library' || kind === 'channel'
      ? { edit: false, suggest: false }
      : editRights({ status, permissions }, { is_local: isLocal });
  const embeddable = kind !== 'library';
  const deletable = Boolean(canDelete && deleteUrl);
  const kindName = t(`kind.${kind}`);

  const items = [
    rights.edit && { key: 'edit', node: <Link to={`${path}/edit`}>{t('menu.edit')}</Link> },
    rights.suggest && { key: 'suggest', node: <Link to={`${path}/edit`}>{t('menu.suggest')}</Link> },
    embeddable && {
      key: 'embed',
      node: (
        <button type="button" onClick={() => openDialog('embed')}>
          {t('menu.embed')}
        </button>
      ),
    },
    ...links.map((link) => ({ key: link.href, node: <Link to={link.href}>{link.label}</Link> })),
    deletable && {
      key: 'delete',
      node: (
        <button type="button" className="listen-menu__danger" onClick={() => openDialog('delete')}>
          {t('menu.delete')}
        </button>
      ),
    },
  ].filter((item): item is DisclosureMenuItem => Boolean(item));

  function openDialog(which: 'embed' | 'delete') {
    setOpen(false);
    setDialog(which);
  }

  const closeDialog = () => {
    setDialog(null);
    // The item that opened the dialog is hidden now: give the focus back to the menu button.
    requestAnimationFrame(() => toggle.current?.focus());
  };

  const remove = async () => {
    if (!deleteUrl) return;
    setDeleting(true);
    try {
      await apiRequest<unknown>(deleteUrl, { method: 'DELETE' });
      showMessage({ content: t('delete.done', { name }) });
      setDialog(null);
      navigate(afterDelete ?? '/library');
    } catch (error) {
      const messages = error instanceof ApiError ? error.messages : [String(error)];
      showMessage({ content: `${t('delete.failed')}: ${messages.join(' ')}`, error: true });
    } finally {
      setDeleting(false);
    }
  };

  if (items.length === 0) return null;
  const origin = window.location.origin;
  return (
    <DisclosureMenu label={t('menu.actions')} items={items} open={open} onOpenChange={setOpen} toggleRef={toggle}>
      <Modal
        open={dialog === 'embed'}
        title={t('embed.title', { kind: kindName })}
        closeLabel={t('menu.close')}
        onClose={closeDialog}
      >
        {embeddable && (
          <Suspense fallback={<Loading label={t('embed.loading')} />}>
            <EmbedWizard kind={kind as EmbedKind} id={id} name={name} origin={origin} />
          </Suspense>
        )}
      </Modal>
      <Modal
        open={dialog === 'delete'}
        title={t('delete.title', { kind: kindName })}
        closeLabel={t('menu.close')}
        onClose={closeDialog}
        footer={
          <>
            <button type="button" className="ui-button ui-button--secondary" onClick={closeDialog}>
              {t('menu.cancel')}
            </button>
            <button
              type="button"
              className="ui-button ui-button--danger"
              disabled={deleting}
              onClick={() => void remove()}
            >
              {t('delete.confirm')}
            </button>
          </>
        }
      >
        <p>
          {kind === 'library'
            ? t('delete.libraryBody', { name })
            : kind === 'channel'
              ? t('delete.channelBody', { name })
              : t('delete.body', { name })}
        </p>
      </Modal>
    </DisclosureMenu>
  );
}
