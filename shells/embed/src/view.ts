import type { QueueTrack } from '@shoal/core';
import { formatDuration } from '@shoal/text';
import { fill, h, type IconName, icon } from './dom';
import { t } from './i18n';
import type { LoadResult } from './load';
import type { EmbedKind, EmbedTarget } from './params';
import { hasNext, hasPrevious, initialPlayer, type PlayerEvent, type PlayerState, reducePlayer } from './player';

type Ready = Extract<LoadResult, { status: 'ready' }>;
type Problem = Exclude<LoadResult, { status: 'ready' }> | { status: 'invalid' };

function message(root: HTMLElement, title: string, body: string, retry?: () => void) {
  root.replaceChildren(
    h(
      'section',
      { class: 'embed__message', role: 'alert', 'aria-labelledby': 'embed-message-title' },
      h('h1', { id: 'embed-message-title' }, title),
      h('p', {}, body),
      retry && button('embed__retry', t('state.retry'), retry),
    ),
  );
  root.removeAttribute('aria-busy');
}

function button(className: string, label: string, onClick: () => void, glyph?: IconName): HTMLButtonElement {
  const element = h('button', { type: 'button', class: className }, glyph ? icon(glyph) : label);
  if (glyph) element.setAttribute('aria-label', label);
  element.addEventListener('click', onClick);
  return element;
}

export function showLoading(root: HTMLElement) {
  root.setAttribute('aria-busy', 'true');
  root.replaceChildren(h('p', { class: 'embed__loading', role: 'status' }, t('state.loading')));
}

const kindName = (kind: EmbedKind) => t(`kind.${kind}`);

/** The clear message for every way an embed can fail to play. */
export function showProblem(root: HTMLElement, problem: Problem, target: EmbedTarget | null, retry: () => void) {
  const kind = target ? kindName(target.kind) : '';
  switch (problem.status) {
    case 'invalid':
      return message(root, t('state.invalid.title'), t('state.invalid.body'));
    case 'not-found':
      return message(root, t('state.notFound.title'), t('state.notFound.body', { kind }));
    case 'not-public':
      return message(root, t('state.notPublic.title'), t('state.notPublic.body'));
    case 'no-sources':
      return message(root, problem.object?.title ?? t('state.noSources.title'), t('state.noSources.body', { kind }));
    case 'error':
      return message(root, t('state.error.title'), t('state.error.body', { reason: problem.reason }), retry);
  }
}

const trackDuration = (track: QueueTrack | undefined) =>
  track?.sources.find((s) => s.duration !== null)?.duration ?? null;

/**
 * The player: cover, title, artist, the link back to the pod, the controls and the track list,
 * driven by one <audio> element. Returns the element, for tests.
 */
export function showPlayer(root: HTMLElement, ready: Ready, link: string): HTMLAudioElement {
  const { object, tracks } = ready;
  let state: PlayerState = initialPlayer(tracks.length, trackDuration(tracks[0]));
  const audio = h('audio', { preload: 'metadata' });
  let loadedIndex = -1;

  const play = button('embed__play', t('player.play'), () => dispatch({ type: 'toggle' }), 'play');
  const previous = button('embed__skip', t('player.previous'), () => dispatch({ type: 'previous' }), 'previous');
  const next = button('embed__skip', t('player.next'), () => dispatch({ type: 'next' }), 'next');
  const elapsed = h('span', { class: 'embed__time', 'aria-hidden': 'true' }, '0:00');
  const total = h('span', { class: 'embed__time', 'aria-hidden': 'true' }, '');
  const seek = h('input', {
    type: 'range',
    class: 'embed__seek',
    min: '0',
    step: '1',
    value: '0',
    'aria-label': t('player.seek'),
  });
  seek.addEventListener('input', () => {
    const time = Number(seek.value);
    dispatch({ type: 'seek', time });
    if (Number.isFinite(time)) audio.currentTime = time;
  });
  const current = h('p', { class: 'embed__current' });
  const announce = h('p', { class: 'embed__sr', role: 'status' });

  const items = tracks.map((track, index) => {
    const choose = h(
      'button',
      { type: 'button', class: 'embed__track' },
      h('span', { class: 'embed__track-number', 'aria-hidden': 'true' }, String(index + 1)),
      h('span', { class: 'embed__track-title' }, track.title),
      object.kind !== 'track' && track.artistCredit && track.artistCredit !== object.artist
        ? h('span', { class: 'embed__track-artist' }, track.artistCredit)
        : null,
      h('span', { class: 'embed__track-duration' }, formatDuration(trackDuration(track))),
    );
    choose.addEventListener('click', () => dispatch({ type: 'select', index }));
    return h('li', {}, choose);
  });

  const cover = object.coverUrl
    ? h('img', { class: 'embed__cover', src: object.coverUrl, alt: t('cover.alt', { title: object.title }) })
    : h('div', { class: 'embed__cover embed__cover--none', 'aria-hidden': 'true' }, '♪');
  fill(
    root,
    h(
      'header',
      { class: 'embed__header' },
      cover,
      h(
        'div',
        { class: 'embed__heading' },
        h('h1', { class: 'embed__title', title: object.title }, object.title),
        object.artist ? h('p', { class: 'embed__artist' }, object.artist) : null,
        h(
          'a',
          { class: 'embed__link', href: link, target: '_blank', rel: 'noopener noreferrer' },
          t('link.open', { pod: ready.podName }),
          h('span', { class: 'embed__sr' }, ` ${t('link.newTab')}`),
        ),
      ),
    ),
    h(
      'div',
      { class: 'embed__controls', role: 'group', 'aria-label': t('player.label') },
      tracks.length > 1 ? previous : null,
      play,
      tracks.length > 1 ? next : null,
      elapsed,
      seek,
      total,
    ),
    object.kind === 'track' ? null : current,
    announce,
    tracks.length > 1 || object.kind !== 'track'
      ? h('ol', { class: 'embed__tracks', 'aria-label': t('tracks.count', { count: tracks.length }) }, ...items)
      : null,
    audio,
  );
  root.removeAttribute('aria-busy');

  function loadTrack(index: number) {
    const track = tracks[index];
    if (!track) return;
    loadedIndex = index;
    // The browser picks the first source it can decode and falls back to the next on errors.
    const sources = track.sources.map((source) => h('source', { src: source.url, type: source.mimetype || null }));
    // The last source failing means the track cannot be played at all.
    sources.at(-1)?.addEventListener('error', () => dispatch({ type: 'error' }));
    audio.replaceChildren(...sources);
    audio.load();
  }

  function render(previousState: PlayerState | null) {
    const track = tracks[state.index];
    if (previousState?.index !== state.index || loadedIndex === -1) {
      if (loadedIndex !== state.index) loadTrack(state.index);
      items.forEach((item, index) => {
        const choose = item.firstElementChild;
        if (index === state.index) choose?.setAttribute('aria-current', 'true');
        else choose?.removeAttribute('aria-current');
      });
      if (track) current.textContent = t('player.nowPlaying', { title: track.title });
    }
    const playingLabel = state.wantsPlay ? t('player.pause') : t('player.play');
    play.setAttribute('aria-label', playingLabel);
    if (state.wantsPlay !== previousState?.wantsPlay) play.replaceChildren(icon(state.wantsPlay ? 'pause' : 'play'));
    play.disabled = state.failed;
    previous.disabled = !hasPrevious(state);
    next.disabled = !hasNext(state);
    const duration = state.duration ?? trackDuration(track);
    elapsed.textContent = formatDuration(state.time);
    total.textContent = formatDuration(duration);
    seek.max = String(Math.max(1, Math.floor(duration ?? 0)));
    seek.value = String(Math.floor(state.time));
    seek.setAttribute(
      'aria-valuetext',
      t('player.position', { time: formatDuration(state.time), duration: formatDuration(duration) || '?' }),
    );
    seek.disabled = duration === null;
    announce.textContent = state.failed ? t('player.trackFailed') : '';

    if (state.wantsPlay && audio.paused) {
      audio.play().catch(() => {
        // Refused (autoplay rules) or no source could start: show the player as paused.
        if (audio.paused) dispatch({ type: 'paused' });
      });
    } else if (!state.wantsPlay && !audio.paused) {
      audio.pause();
    }
  }

  function dispatch(event: PlayerEvent) {
    const before = state;
    state = reducePlayer(state, event);
    if (state !== before) render(before);
  }

  audio.addEventListener('playing', () => dispatch({ type: 'playing' }));
  // A pause the listener made elsewhere (media keys); loading the next track also fires one, which the
  // element has already left behind by the time it arrives.
  audio.addEventListener('pause', () => {
    if (audio.paused && !audio.ended) dispatch({ type: 'paused' });
  });
  audio.addEventListener('timeupdate', () => dispatch({ type: 'time', time: audio.currentTime }));
  audio.addEventListener('durationchange', () => dispatch({ type: 'duration', duration: audio.duration }));
  audio.addEventListener('ended', () => dispatch({ type: 'ended' }));

  render(null);
  return audio;
}
