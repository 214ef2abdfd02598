import type { ContentEditorLabels, DescriptionBlockLabels, PillLabelEditorLabels } from '@shoal/ui';
import { t } from '../../../i18n/edits';

/** The content editor's labels, translated. */
export function editorLabels(): ContentEditorLabels {
  return {
    bold: t('editor.bold'),
    italic: t('editor.italic'),
    strikethrough: t('editor.strikethrough'),
    link: t('editor.link'),
    heading1: t('editor.heading1'),
    heading2: t('editor.heading2'),
    quote: t('editor.quote'),
    unorderedList: t('editor.unorderedList'),
    orderedList: t('editor.orderedList'),
    preview: t('editor.preview'),
    write: t('editor.write'),
    toolbar: t('editor.toolbar'),
    previewLoading: t('editor.previewLoading'),
    previewFailed: t('editor.previewFailed'),
    remaining: (count) => t('editor.remaining', { count }),
  };
}

export function descriptionLabels(): DescriptionBlockLabels {
  return {
    none: t('description.none'),
    more: t('description.more'),
    less: t('description.less'),
    edit: t('description.edit'),
    update: t('description.update'),
    cancel: t('description.cancel'),
    saving: t('description.saving'),
    field: t('description.field'),
    failed: t('description.failed'),
  };
}

export function pillLabels(): PillLabelEditorLabels {
  return {
    group: t('edit.field.tags'),
    add: t('pills.add'),
    edit: (label) => t('pills.edit', { label }),
    editing: (label) => t('pills.editing', { label }),
    remove: (label) => t('pills.remove', { label }),
    empty: t('pills.empty'),
    reset: t('pills.reset'),
    delete: t('pills.delete'),
  };
}
