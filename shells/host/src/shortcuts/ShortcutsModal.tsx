import { Modal } from '@shoal/ui';
import { useStore } from 'zustand';
import { t } from '../i18n';
import { PLAYER_SHORTCUTS } from '../player/shortcuts';
import { actionLabel, closeShortcuts, GLOBAL_ACTIONS, shortcutsModalStore } from './actions';

function ShortcutTable({ caption, rows }: { caption: string; rows: { id: string; keys: string; label: string }[] }) {
  return (
    <table className="host-shortcuts">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('shortcuts.keys')}</th>
          <th scope="col">{t('shortcuts.action')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>
              <kbd className="ui-kbd">{row.keys}</kbd>
            </td>
            <td>{row.label}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The keyboard-shortcuts modal, generated from the registered actions (loaded the first time it opens). */
export default function ShortcutsModal() {
  const open = useStore(shortcutsModalStore, (state) => state.open);
  return (
    <Modal open={open} title={t('shortcuts.title')} closeLabel={t('modal.close')} onClose={closeShortcuts}>
      <p>{t('shortcuts.ignoredWhileTyping')}</p>
      <ShortcutTable
        caption={t('shortcuts.general')}
        rows={GLOBAL_ACTIONS.map((action) => ({ id: action.id, keys: action.keys, label: actionLabel(action) }))}
      />
      <ShortcutTable
        caption={t('shortcuts.player')}
        rows={PLAYER_SHORTCUTS.map((shortcut) => ({ id: shortcut.id, keys: shortcut.keys, label: shortcut.label }))}
      />
    </Modal>
  );
}
