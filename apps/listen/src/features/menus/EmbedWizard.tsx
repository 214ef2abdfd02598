import { type NodeInfo, nodeInfoQuery } from '@shoal/core';
import { useQuery } from '@shoal/query';
import { COPY_CONFIRMATION_MS } from '@shoal/ui';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { t } from '../../i18n/embed';
import {
  defaultEmbedSize,
  type EmbedKind,
  type EmbedSize,
  embedSnippet,
  embedUrl,
  HEIGHT_PRESETS,
  WIDTH_LIMITS,
  type WidthUnit,
  widthProblem,
} from './embed';
import './embed-wizard.css';

export interface EmbedWizardProps {
  kind: EmbedKind;
  id: number | string;
  name: string;
  /** Where the gateway serves `/embed` (this page's origin). */
  origin: string;
}

/**
 * Whether visitors without an account may listen on this pod (nodeinfo `metadata.library.anonymousCanListen`),
 * from the nodeinfo query the whole page shares.
 */
function useAnonymousListening() {
  return useQuery({
    ...nodeInfoQuery(),
    select: (info: NodeInfo) => info.metadata?.library?.anonymousCanListen !== false,
  });
}

async function copyText(text: string, field: HTMLTextAreaElement | null): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Refused (no permission, insecure context): fall back to the selection.
    }
  }
  field?.select();
  document.execCommand('copy');
}

/**
 * Keys pressed inside the preview reach its own document, not this page: Escape is handed on, so the
 * dialog closes from inside the preview too. Only a preview of this page's origin can be listened
 * to; another origin's keeps its keys (reading it throws, and nothing is forwarded).
 */
function forwardEscape(frame: HTMLIFrameElement): void {
  let inner: Document | null = null;
  try {
    inner = frame.contentDocument;
  } catch {
    return;
  }
  inner?.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
  });
}

/**
 * The embed wizard (product.md §2, global surfaces): width and height, a live preview of the real
 * player, and the snippet to copy. Warns when the pod keeps visitors out, since the player would
 * then not play anywhere else.
 */
export default function EmbedWizard({ kind, id, name, origin }: EmbedWizardProps) {
  const ids = useId();
  const initial = defaultEmbedSize(kind);
  const [widthText, setWidthText] = useState(String(initial.width));
  const [unit, setUnit] = useState<WidthUnit>(initial.widthUnit);
  const [height, setHeight] = useState<number>(initial.height);
  const [size, setSize] = useState<EmbedSize>(initial);
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const anonymous = useAnonymousListening();

  const width = Number(widthText.trim());
  const problem = widthText.trim() === '' ? 'notWhole' : widthProblem(width, unit);
  // A bad width keeps the last good snippet and preview; the field says what is wrong.
  useEffect(() => {
    if (!problem) setSize({ width, widthUnit: unit, height });
    else setSize((last) => ({ ...last, height }));
  }, [problem, width, unit, height]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const title = t('embed.frameTitle', { name });
  const snippet = embedSnippet(origin, kind, id, size, title);
  const limits = WIDTH_LIMITS[unit];

  const changeUnit = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.target.value === 'px' ? 'px' : '%';
    setUnit(next);
    // Each unit starts from its own sensible width (100 % of the page, or 600 pixels).
    setWidthText(next === 'px' ? '600' : '100');
  };

  return (
    <div className="listen-embed">
      <p>{t('embed.help')}</p>
      {anonymous.data === false && (
        <div className="ui-alert" role="alert">
          {t('embed.notPublic')}
        </div>
      )}
      <div className="listen-embed__size">
        <div className="ui-field">
          <label htmlFor={`${ids}-width`}>{t('embed.width')}</label>
          <input
            id={`${ids}-width`}
            type="number"
            inputMode="numeric"
            min={limits.min}
            max={limits.max}
            step={1}
            value={widthText}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${ids}-width-error` : undefined}
            onChange={(event) => setWidthText(event.target.value)}
          />
          {problem && (
            <span id={`${ids}-width-error`} className="listen-embed__error">
              {t(`embed.width.${problem}`, { min: limits.min, max: limits.max })}
            </span>
          )}
        </div>
        <div className="ui-field">
          <label htmlFor={`${ids}-unit`}>{t('embed.widthUnit')}</label>
          <select id={`${ids}-unit`} value={unit} onChange={changeUnit}>
            <option value="%">{t('embed.unit.percent')}</option>
            <option value="px">{t('embed.unit.px')}</option>
          </select>
        </div>
        <fieldset className="listen-embed__heights">
          <legend>{t('embed.height')}</legend>
          {HEIGHT_PRESETS.map((preset) => (
            <label key={preset}>
              <input
                type="radio"
                name={`${ids}-height`}
                value={preset}
                checked={height === preset}
                onChange={() => setHeight(preset)}
              />{' '}
              {t(`embed.height.${preset}`)}
            </label>
          ))}
        </fieldset>
      </div>
      <div className="listen-embed__preview">
        <iframe
          title={t('embed.preview')}
          src={embedUrl(origin, kind, id)}
          onLoad={(event) => forwardEscape(event.currentTarget)}
          style={{ width: size.widthUnit === '%' ? `${size.width}%` : `${size.width}px`, height: `${size.height}px` }}
        />
      </div>
      <div className="ui-field">
        <label htmlFor={`${ids}-code`}>{t('embed.code')}</label>
        <textarea
          id={`${ids}-code`}
          ref={field}
          readOnly
          rows={4}
          value={snippet}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <p className="listen-embed__copy">
        <button
          type="button"
          className="ui-button"
          onClick={() => void copyText(snippet, field.current).then(() => setCopied(true))}
        >
          {copied ? t('embed.copied') : t('embed.copy')}
        </button>
        <span role="status">{copied ? t('embed.copiedStatus') : ''}</span>
      </p>
    </div>
  );
}
