import { closestCenter, DndContext, type DragEndEvent, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { restrictToVerticalAxis } from '@dnd-kit/modifiers';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { queueSnapshot, useInstance } from '@shoal/core';
import { ConfirmButton, ErrorAlert, Modal } from '@shoal/ui';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { t } from '../../../i18n/playlists';
import { creditLine } from '../../catalogue/credits';
import { errorMessages } from '../../radios/error-messages';
import { resolveXspf } from '../queries/resolve-xspf';
import { type SyncState, usePlaylistEditor } from '../queries/use-playlist-editor';
import type { Playlist, PlaylistEntry } from '../types';
import { parseXspf, XspfError } from '../xspf';

const MODIFIERS = [restrictToVerticalAxis];
/** Entries of one playlist may repeat a track; the entry's index and track make a key for one render. */
const entryKey = (entry: PlaylistEntry) => `${entry.index}-${entry.track.id}`;

function SyncStatus({ sync, error }: { sync: SyncState; error: unknown }) {
  return (
    <div role="status" className="listen-sync">
      {sync === 'syncing' && t('playlists.sync.syncing')}
      {sync === 'synced' && t('playlists.sync.synced')}
      {sync === 'error' && <ErrorAlert title={t('playlists.sync.error')} messages={errorMessages(error)} />}
    </div>
  );
}

interface RowProps {
  entry: PlaylistEntry;
  id: string;
  position: number;
  count: number;
  helpId: string;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

function EditorRow({ entry, id, position, count, helpId, onMove, onRemove }: RowProps) {
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, transform, transition, isDragging } = useSortable({
    id,
  });
  const title = entry.track.title;
  // Arrows move by one, Page Up / Page Down by five, Home / End to either end.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const targets: Record<string, number> = {
      ArrowUp: position - 1,
      ArrowDown: position + 1,
      PageUp: Math.max(0, position - 5),
      PageDown: Math.min(count - 1, position + 5),
      Home: 0,
      End: count - 1,
    };
    const to = targets[event.key];
    if (to === undefined) return;
    event.preventDefault();
    if (to < 0 || to >= count || to === position) return;
    onMove(position, to);
  };
  return (
    <li
      ref={setNodeRef}
      className={`listen-editor-row${isDragging ? ' listen-editor-row--dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="ui-button ui-button--secondary listen-editor-row__handle"
        aria-label={t('playlists.editor.handle', { title, position: position + 1, count })}
        aria-describedby={helpId}
        aria-roledescription={attributes['aria-roledescription']}
        data-entry-key={id}
        {...listeners}
        onKeyDown={onKeyDown}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <span className="listen-editor-row__position">{position + 1}</span>
      <span className="listen-editor-row__title">
        {title}
        <span className="listen-meta"> · {creditLine(entry.track)}</span>
      </span>
      <button
        type="button"
        className="ui-button ui-button--secondary"
        aria-label={t('playlists.editor.remove', { title })}
        onClick={() => onRemove(position)}
      >
        ×
      </button>
    </li>
  );
}

export interface PlaylistEditorProps {
  playlist: Playlist;
  entries: PlaylistEntry[];
}

/** The playlist editor (product.md §2): reorder by drag or keyboard, remove, clear, copy the queue in, rebuild from XSPF. */
export function PlaylistEditor({ playlist, entries }: PlaylistEditorProps) {
  const { run, sync, error } = usePlaylistEditor(playlist.id);
  const instanceUrl = useInstance((state) => state.url);
  const helpId = useId();
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  /** A chosen XSPF file waits here until the listener confirms the tracks may be replaced. */
  const [pendingFile, setPendingFile] = useState<File | null>(null);
  const ids = useMemo(() => entries.map(entryKey), [entries]);
  // Pointer drags go through dnd-kit; the keyboard has its own keys on each handle (see EditorRow).
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));

  // After a keyboard move the moved track keeps the focus.
  // The optimistic order lands a moment after the key press, so wait for the row to be there.
  useEffect(() => {
    if (!focusKey || !ids.includes(focusKey)) return;
    listRef.current?.querySelector<HTMLButtonElement>(`[data-entry-key="${focusKey}"]`)?.focus();
    setFocusKey(null);
  }, [focusKey, ids]);

  const move = (from: number, to: number, byKeyboard: boolean) => {
    const entry = entries[from];
    if (!entry) return;
    run({ kind: 'move', from, to });
    setAnnouncement(t('playlists.editor.moved', { title: entry.track.title, position: to + 1, count: entries.length }));
    if (byKeyboard) setFocusKey(`${to}-${entry.track.id}`);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) move(from, to, false);
  };

  const copyQueue = () => {
    const trackIds = queueSnapshot().map((track) => track.id);
    if (!trackIds.length) {
      setNotice(t('playlists.editor.queueEmpty'));
      return;
    }
    setNotice(null);
    run({ kind: 'append', trackIds });
  };

  const rebuild = async (file: File | undefined) => {
    if (!file || !instanceUrl) return;
    setFileError(null);
    try {
      const parsed = parseXspf(await file.text());
      const { trackIds, missing } = await resolveXspf(parsed, instanceUrl);
      run({ kind: 'replace', trackIds });
      setNotice(
        [
          t('playlists.xspf.imported', { count: trackIds.length }),
          missing ? t('playlists.xspf.notFound', { count: missing }) : '',
        ]
          .filter(Boolean)
          .join(' '),
      );
    } catch (failure) {
      setFileError(failure instanceof XspfError ? t('playlists.xspf.invalid') : errorMessages(failure).join(' '));
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <section aria-labelledby="playlist-editor-title" className="listen-editor">
      <h2 id="playlist-editor-title">{t('playlists.editor.title')}</h2>
      <SyncStatus sync={sync} error={error} />
      <div className="listen-actions">
        <button type="button" className="ui-button ui-button--secondary" onClick={copyQueue}>
          {t('playlists.editor.copyQueue')}
        </button>
        <div className="ui-field">
          <label htmlFor={fileId}>{t('playlists.editor.rebuild')}</label>
          <input
            id={fileId}
            ref={fileInput}
            type="file"
            accept=".xspf,application/xspf+xml,application/xml,text/xml"
            onChange={(event) => setPendingFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <ConfirmButton
          title={t('playlists.editor.clearTitle', { name: playlist.name })}
          message={<p>{t('playlists.editor.clearMessage')}</p>}
          confirmLabel={t('playlists.editor.clear')}
          cancelLabel={t('playlists.cancel')}
          closeLabel={t('playlists.close')}
          disabled={entries.length === 0}
          onConfirm={() => run({ kind: 'clear' })}
        >
          {t('playlists.editor.clear')}
        </ConfirmButton>
      </div>
      <Modal
        open={pendingFile !== null}
        title={t('playlists.editor.rebuildTitle', { name: playlist.name })}
        closeLabel={t('playlists.close')}
        onClose={() => {
          setPendingFile(null);
          if (fileInput.current) fileInput.current.value = '';
        }}
        footer={
          <>
            <button
              type="button"
              className="ui-button ui-button--secondary"
              onClick={() => {
                setPendingFile(null);
                if (fileInput.current) fileInput.current.value = '';
              }}
            >
              {t('playlists.cancel')}
            </button>
            <button
              type="button"
              className="ui-button ui-button--danger"
              onClick={() => {
                const file = pendingFile ?? undefined;
                setPendingFile(null);
                void rebuild(file);
              }}
            >
              {t('playlists.editor.rebuildConfirm')}
            </button>
          </>
        }
      >
        <p>{t('playlists.editor.rebuildMessage')}</p>
      </Modal>
      {notice && <p role="status">{notice}</p>}
      {fileError && <ErrorAlert title={t('playlists.xspf.invalid')} messages={[fileError]} />}
      <p id={helpId} className="listen-meta">
        {t('playlists.editor.help')}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {entries.length === 0 ? (
        <p>{t('playlists.empty')}</p>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} modifiers={MODIFIERS} onDragEnd={onDragEnd}>
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ol ref={listRef} className="listen-editor-list" aria-label={t('playlists.tracks')}>
              {entries.map((entry, index) => (
                <EditorRow
                  key={ids[index]}
                  id={ids[index] ?? ''}
                  entry={entry}
                  position={index}
                  count={entries.length}
                  helpId={helpId}
                  onMove={(from, to) => move(from, to, true)}
                  onRemove={(at) => run({ kind: 'remove', index: at })}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </section>
  );
}
