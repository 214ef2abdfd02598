import { type DragEvent, useId, useRef, useState } from 'react';
import { t } from '../../../i18n';
import { ACCEPT_ATTRIBUTE } from '../extensions';

export interface DropZoneProps {
  disabled: boolean;
  onFiles: (files: File[]) => void;
}

/** Files by drag and drop or by the picker; both reach the same queue. */
export function DropZone({ disabled, onFiles }: DropZoneProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const accept = (event: DragEvent) => {
    if (disabled) return;
    event.preventDefault();
    setOver(true);
  };
  return (
    <section
      aria-label={t('upload.drop')}
      className={`content-dropzone${over ? ' content-dropzone--over' : ''}${disabled ? ' content-dropzone--disabled' : ''}`}
      data-testid="upload-dropzone"
      onDragEnter={accept}
      onDragOver={accept}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (disabled) return;
        const files = Array.from(event.dataTransfer.files);
        if (files.length > 0) onFiles(files);
      }}
    >
      <p>{t('upload.drop')}</p>
      <p>{t('upload.drop.or')}</p>
      <label htmlFor={id} className={`ui-button${disabled ? ' content-disabled' : ''}`}>
        {t('upload.pick')}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept={`${ACCEPT_ATTRIBUTE},audio/*`}
        disabled={disabled}
        className="visually-hidden"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so choosing the same file again still fires.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </section>
  );
}
