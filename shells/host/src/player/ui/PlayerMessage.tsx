import { player } from '../player';
import { usePlayer } from '../use-player';
import { Icon } from './Icon';

/** Player failures of calls.md §8.3, announced politely and dismissable. */
export function PlayerMessage() {
  const message = usePlayer((state) => state.message);
  return (
    <div className="player-message" role="status">
      {message ? (
        <>
          <span>{message}</span>
          <button type="button" className="player-button" aria-label="Dismiss" onClick={() => player.dismissMessage()}>
            <Icon name="close" />
          </button>
        </>
      ) : null}
    </div>
  );
}
