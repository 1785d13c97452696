import 'virtual:chakra-global.css';
import './styles/article-frame.css';
import { showKnownCartShape } from './lib/cart-shape';
import { askEarly } from './lib/early-answers';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

/** Without its code the shop cannot go on: a waiting frame says so, with a way to try again. */
function couldNotLoad(error: unknown) {
  console.error(error);
  const main = root?.dataset.frame === undefined ? null : root.querySelector('main');
  if (!main) return;
  const note = document.createElement('p');
  note.setAttribute('role', 'alert');
  note.style.cssText = 'padding: 3rem 1rem; text-align: center';
  note.textContent = 'The page could not be loaded. Check your connection, then reload the page. ';
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.textContent = 'Reload';
  retry.style.cssText = 'text-decoration: underline; font-weight: 600';
  retry.addEventListener('click', () => window.location.reload());
  note.append(retry);
  main.replaceChildren(note);
}

const start = () => {
  void import('./boot').then(({ boot }) => boot(root)).catch(couldNotLoad);
  // A signed-in page's first calls and code are asked for right behind the shell, not after it has run. Not before
  // the first paint, which would then wait for them.
  askEarly(window.location.pathname);
};

if (root.hasChildNodes()) {
  // A prerendered page paints from its HTML first, and only then fetches and runs the shop's code: on a slow
  // network the stylesheet and the page's pictures are not kept waiting behind it. However long a slow phone takes
  // to lay out that first frame, the code waits for it; evaluating the code first would hold the paint back by as
  // long again. A tab in the background, which paints nothing (and runs no animation frame) until it is shown,
  // starts after a short wait.
  // The cart's frame paints the cart as this browser last saw it, if it knows.
  showKnownCartShape(root);
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  const startHidden = () => {
    if (document.visibilityState === 'hidden') setTimeout(once, 200);
  };
  startHidden();
  document.addEventListener('visibilitychange', startHidden);
} else {
  start();
}
