/**
 * The script of a page the server painted (decision 0058), in place of the app's own start-up tags, which wait
 * in `<template id="start-up">`: they go into the document once that page is on screen. On a slow network the
 * app's 150 KB script and its preloads then no longer share the connection with the style sheet and fonts
 * the painted page needs, and the page shows about a second sooner; the script starts a frame or so later.
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
  // A hidden tab paints nothing (and has nothing on screen to wait for): there the app starts at once, or when
  // the tab is hidden.
  if (document.visibilityState === 'hidden') start();
  else {
    document.addEventListener('visibilitychange', start, { once: true });
    whenOnScreen(start);
  }
}

/**
 * Calls `then` once the page's first content is on screen: the browser reports the first contentful paint when
 * its frame is presented, after the main thread's part of it (a task queued from an animation frame ran before
 * the pixels showed, and requests it started were still counted towards the paint). Where paint timing is
 * missing, after the next frame; and after FALLBACK_MS in any case, so that the app always starts.
 */
function whenOnScreen(then: () => void) {
  const FALLBACK_MS = 2000;
  setTimeout(then, FALLBACK_MS);
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(then, 0));
    return;
  }
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    then();
  }).observe({ type: 'paint', buffered: true });
}
