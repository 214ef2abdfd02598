import './embed.css';
import { t } from './i18n';
import { loadEmbed } from './load';
import { objectPath, parseTarget } from './params';
import { showLoading, showPlayer, showProblem } from './view';

/** Starts the embed player in `root` for the page's `?type=…&id=…`. */
export async function start(root: HTMLElement, location: Location = window.location): Promise<void> {
  document.title = t('page.titleDefault');
  const target = parseTarget(location.search);
  if (!target) {
    showProblem(root, { status: 'invalid' }, null, () => {});
    return;
  }
  const run = async () => {
    showLoading(root);
    const result = await loadEmbed(target, location.origin);
    if (result.status === 'ready') {
      document.title = t('page.title', { title: result.object.title });
      showPlayer(root, result, new URL(objectPath(target), location.origin).toString());
    } else {
      showProblem(root, result, target, () => void run());
    }
  };
  await run();
}

const root = document.getElementById('embed');
if (root) void start(root);
