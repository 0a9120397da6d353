/** Defaults of domain.md; agencies may override the money limits. */
export const USERNAME_MIN = 4;
export const USERNAME_MAX = 16;
export const USERNAME_PATTERN = /^[a-z0-9_-]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const CHANGE_PASSWORD_MIN = 8;
export const DISPLAY_NAME_MAX = 40;

export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const SESSION_MAX_LIVE = 5;
/** Staff sessions (backoffice.md): shorter than players', they open the whole agency. */
export const STAFF_SESSION_IDLE_MS = 15 * 60 * 1000;
export const STAFF_SESSION_ABSOLUTE_MS = 8 * 60 * 60 * 1000;

export const LOGIN_THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES_PER_USERNAME = 5;
export const LOGIN_MAX_FAILURES_PER_IP = 30;
/**
 * Wrong second-factor codes (TOTP or recovery) of one account per window, after a right password: a budget of
 * their own, so a mistyped code never locks the password (decision 0075). 10 per 15 min is 40 guesses an
 * hour, under ASVS's 100, at about 3 in 10⁶ each.
 */
export const LOGIN_MAX_CODE_FAILURES_PER_USERNAME = 10;

export const PAGE_SIZE_MAX = 100;
