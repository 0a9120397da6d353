/**
 * The server's first paint (decision 0058): what the API and the web app agree on. The API paints the pages of
 * FIRST_PAINT_PATHS for a signed-out visitor inside an inert element of this id, in the language the cookie
 * names; the web app's first render removes the element.
 */
export const FIRST_PAINT_PATHS = ['/', '/login'] as const;
export const FIRST_PAINT_ELEMENT_ID = 'first-paint';
/** A copy of the visitor's language choice (which the web app keeps in localStorage), for the server. */
export const LANGUAGE_COOKIE = 'lng';
