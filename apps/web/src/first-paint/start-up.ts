/**
 * The script of a page the server painted (decision 0058), in place of the app's own start-up tags, which wait
 * in `<template id="start-up">`: they go into the document once that page is on screen. On a slow network the
 * app's 150 KB script and its four preloads then no longer share the connection with the style sheet and fonts
 * the painted page needs, and the page shows about a second sooner; the script starts one frame later.
 */
const START_UP_ID = 'start-up';
// A hidden tab paints no frames: there the app starts on the timer.
const LATEST_START_MS = 200;

const startUp = document.getElementById(START_UP_ID);
if (startUp instanceof HTMLTemplateElement) {
  let isStarted = false;
  const start = () => {
    if (isStarted) return;
    isStarted = true;
    // Cloned from a template, the script runs when inserted, as index.html's own tag would.
    document.head.append(startUp.content.cloneNode(true));
  };
  // A frame's callbacks run before it is painted; a task queued from them runs after.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, LATEST_START_MS);
}
