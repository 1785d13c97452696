import 'virtual:chakra-global.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

const start = () => void import('./boot').then(({ boot }) => boot(root));

if (root.hasChildNodes()) {
  // A prerendered page paints from its HTML first, and only then fetches and runs the shop's code: on a slow
  // network the stylesheet and the page's pictures are not kept waiting behind it. A tab opened in the background,
  // which paints nothing, starts after a short wait.
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 200);
} else {
  start();
}
