/**
 * The server's first paint (decision 0058): what the API and the web app agree on. The API paints the pages of
 * FIRST_PAINT_PATHS for a signed-out visitor inside an inert element of this id, in the language the cookie
 * names; the web app's first render removes the element.
 */
export const FIRST_PAINT_PATHS = ['/', '/login'] as const;
export const FIRST_PAINT_ELEMENT_ID = 'first-paint';
/**
 * On a painted page the app's start-up tags wait in a template of this id until the page is on screen; the
 * web build's second entry (apps/web/src/first-paint/start-up.ts, at this fixed path) then starts them.
 */
export const START_UP_TEMPLATE_ID = 'start-up';
export const START_UP_SCRIPT_PATH = '/start-up.js';
/** A copy of the visitor's language choice (which the web app keeps in localStorage), for the server. */
export const LANGUAGE_COOKIE = 'lng';
