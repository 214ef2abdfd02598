import { startNotificationCounts } from '../notifications/counts';
import { startLiveSocket } from './live-socket';

/** Started once the first screen is shown: the notification counts, then the live connection feeding them. */
export function startLive(): void {
  startNotificationCounts();
  startLiveSocket();
}
