import { ApiError, apiRequest, useSession } from '@shoal/core';
import { showMessage } from '@shoal/messages';
import { Link, useNavigate } from '@shoal/router';
import { Loading, Modal } from '@shoal/ui';
import { type KeyboardEvent, lazy, type ReactElement, Suspense, useEffect, useId, useRef, useState } from 'react';
import '../edits/edits.css';
import { t } from '../../i18n/edits';
import { editRights } from '../edits/permissions';
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
 * any extra links. A disclosure: a button opening a list; the arrow keys move through it, Escape
 * closes it and returns to the button. Anonymous visitors see only what needs no account.
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
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<'embed' | 'delete' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const container = useRef<HTMLDivElement>(null);
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
  ].filter((item): item is { key: string; node: ReactElement } => Boolean(item));

  // A press anywhere outside closes the open menu (Safari does not focus pressed buttons, so blur alone would not do).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

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

  const focusables = () => Array.from(list.current?.querySelectorAll<HTMLElement>('a, button') ?? []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      toggle.current?.focus();
      return;
    }
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && open) {
      event.preventDefault();
      const all = focusables();
      const index = all.indexOf(document.activeElement as HTMLElement);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = index === -1 ? (step === 1 ? 0 : all.length - 1) : (index + step + all.length) % all.length;
      all[next]?.focus();
    }
  };

  if (items.length === 0) return null;
  const origin = window.location.origin;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape and the arrows act from the button or any item of the disclosure
    <div
      ref={container}
      className="listen-more listen-menu"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tabbing out of the menu closes it.
        const next = event.relatedTarget as Node | null;
        if (open && next && !event.currentTarget.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="ui-button ui-button--secondary"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        {t('menu.actions')}
      </button>
      <ul ref={list} id={menuId} className="listen-more__list" hidden={!open}>
        {items.map((item) => (
          <li key={item.key}>{item.node}</li>
        ))}
      </ul>
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
    </div>
  );
}
