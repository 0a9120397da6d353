/**
 * The script of a page the server painted (decision 0058), in place of the app's own start-up tags, which wait
 * in `<template id="start-up">`: they go into the document once that page is on screen. On a slow network the
 * app's 150 KB script and its preloads then no longer share the connection with the style sheet and fonts
 * the painted page needs, and the page shows about a second sooner; the script starts one frame later.
 */
// START_UP_TEMPLATE_ID of @lc/shared/first-paint, written out: this file imports nothing, or the bundler would
// put what it imports in a chunk shared with the app, and loading this 0.3 KB would load (and run) the app.
const startUp = document.getElementById('start-up');
if (startUp instanceof HTMLTemplateElement) {
  let isStarted = false;
  const start = () => {
    if (isStarted) return;
    isStarted = true;
    // Cloned from a template, the script runs when inserted, as index.html's own tag would.
    document.head.append(startUp.content.cloneNode(true));
  };
  // A frame's callbacks run before it is painted; a task queued from them runs after. A hidden tab paints no
  // frames (and has nothing on screen to wait for): there the app starts at once, or when the tab is hidden.
  if (document.visibilityState === 'hidden') start();
  else {
    requestAnimationFrame(() => setTimeout(start, 0));
    document.addEventListener('visibilitychange', start, { once: true });
  }
}
