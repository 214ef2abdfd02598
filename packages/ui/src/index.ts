export { ActorLink, type ActorLinkProps, initialColor } from './ActorLink';
export { ConfirmButton, type ConfirmButtonProps } from './ConfirmButton';
export { CONTENT_LIMIT, ContentEditor, type ContentEditorLabels, type ContentEditorProps } from './ContentEditor';
export { COPY_CONFIRMATION_MS, CopyField, type CopyFieldProps } from './CopyField';
export {
  DescriptionBlock,
  type DescriptionBlockLabels,
  type DescriptionBlockProps,
  type DescriptionPayload,
  descriptionPayload,
  patchDescription,
  type RichTextValue,
  textPreview,
} from './DescriptionBlock';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { ErrorAlert } from './ErrorAlert';
export { ErrorPanel, type ErrorPanelProps } from './ErrorPanel';
export { Loading } from './Loading';
export { Modal, type ModalProps } from './Modal';
export { NoResults, type NoResultsProps } from './NoResults';
export { NotFound, type NotFoundProps } from './NotFound';
export { PillLabelEditor, type PillLabelEditorLabels, type PillLabelEditorProps } from './PillLabelEditor';
export {
  addItem as addPillItem,
  cleanLabel,
  confirmLabel,
  type PillItem,
  presetItems,
} from './pill-labels';
export { TextField, type TextFieldProps } from './TextField';
export { UserText, type UserTextProps } from './UserText';
