import { useInstance, useSession } from '@shoal/core';
import { showMessage } from '@shoal/messages';
import { useNavigate } from '@shoal/router';
import { ErrorAlert } from '@shoal/ui';
import { useRef, useState } from 'react';
import { t } from '../../../i18n/playlists';
import { DisclosureMenu, type DisclosureMenuItem } from '../../menus/DisclosureMenu';
import { errorMessages } from '../../radios/error-messages';
import { downloadFile, playlistXspf, xspfFileName } from '../export-xspf';
import { importXspfPlaylist } from '../queries/import-xspf';
import type { Playlist, PlaylistEntry } from '../types';
import { XspfError } from '../xspf';

export interface PlaylistXspfMenuProps {
  /** The playlist to export, with its tracks once they are loaded; without it the menu only imports. */
  exportable?: { playlist: Playlist; entries: PlaylistEntry[] | undefined };
}

/**
 * The import/export dropdown: export the playlist as an XSPF file, or make a new playlist from one
 * (signed-in listeners; the tracks this pod has, in the file's order).
 */
export function PlaylistXspfMenu({ exportable }: PlaylistXspfMenuProps) {
  const [open, setOpen] = useState(false);
  const [importing, setImporting] = useState(false);
  const [error, setError] = useState<{ title: string; messages: string[] } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const instanceUrl = useInstance((state) => state.url);
  const signedIn = useSession((state) => state.status === 'authenticated');
  const navigate = useNavigate();

  const exportFile = () => {
    setOpen(false);
    if (!exportable?.entries || !instanceUrl) return;
    const { playlist, entries } = exportable;
    downloadFile(xspfFileName(playlist.name), playlistXspf(playlist, entries, instanceUrl), 'application/xspf+xml');
    toggle.current?.focus();
  };

  const importFile = async (file: File | undefined) => {
    if (!file || !instanceUrl) return;
    setImporting(true);
    setError(null);
    try {
      const { playlist, added, missing } = await importXspfPlaylist(
        { name: file.name, text: await file.text() },
        instanceUrl,
      );
      showMessage({
        content: [
          t('playlists.xspf.importedInto', { name: playlist.name }),
          t('playlists.xspf.imported', { count: added }),
          missing ? t('playlists.xspf.notFound', { count: missing }) : '',
        ]
          .filter(Boolean)
          .join(' '),
      });
      navigate(`/library/playlists/${playlist.id}`);
    } catch (failure) {
      setError(
        failure instanceof XspfError
          ? { title: t('playlists.xspf.invalid'), messages: [] }
          : { title: t('playlists.xspf.importFailed'), messages: errorMessages(failure) },
      );
    } finally {
      setImporting(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const items: DisclosureMenuItem[] = [];
  if (exportable) {
    items.push({
      key: 'export',
      node: (
        <button type="button" disabled={!exportable.entries || !instanceUrl} onClick={exportFile}>
          {t('playlists.xspf.export')}
        </button>
      ),
    });
  }
  if (signedIn) {
    items.push({
      key: 'import',
      node: (
        <button
          type="button"
          disabled={importing}
          onClick={() => {
            setOpen(false);
            fileInput.current?.click();
          }}
        >
          {importing ? t('playlists.xspf.importing') : t('playlists.xspf.import')}
        </button>
      ),
    });
  }

  return (
    <>
      <DisclosureMenu
        label={t('playlists.xspf.menu')}
        items={items}
        open={open}
        onOpenChange={setOpen}
        toggleRef={toggle}
      >
        {signedIn && (
          <input
            ref={fileInput}
            type="file"
            hidden
            aria-label={t('playlists.xspf.import')}
            accept=".xspf,application/xspf+xml,application/xml,text/xml"
            onChange={(event) => void importFile(event.target.files?.[0])}
          />
        )}
      </DisclosureMenu>
      {importing && (
        <p role="status" className="listen-meta">
          {t('playlists.xspf.importing')}
        </p>
      )}
      {error && <ErrorAlert title={error.title} messages={error.messages} />}
    </>
  );
}
