import { RENDERED_STATE_ID } from '@shared/server-render';
import { afterFirstPaint } from './lib/after-first-paint';
import { holdButtonClicks } from './lib/held-clicks';
import { loadFonts } from './lib/load-fonts';
import { onFirstIntent } from './lib/on-first-intent';
import { applyTheme, readStoredTheme } from './lib/theme';
import './styles.css';

// Applied before React renders anything, so a light-theme visitor never sees a dark flash.
applyTheme(readStoredTheme());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

const startApp = (onRootCreated?: () => void) =>
  import('./start-app').then((app) => app.startApp(container, onRootCreated));

if (document.getElementById(RENDERED_STATE_ID)) {
  // A page the server rendered reads and navigates (its links are links) without the app, which
  // starts at the visitor's first move instead: a visit that only reads runs no framework code, and
  // the phone's main thread stays free (decision 073). The fonts come after the first paint, out of
  // the way of the largest one (decision 063). A click on a button in between is held, then given
  // to the app.
  afterFirstPaint(() => void loadFonts());
  onFirstIntent(() => void startApp(holdButtonClicks()));
} else {
  // The signed-in shell shows nothing without the app.
  void loadFonts();
  void startApp();
}
