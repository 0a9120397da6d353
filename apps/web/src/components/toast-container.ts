// The toast container on its own, for providers.tsx to load when the first toast is shown (decision 0077).
// A lazy `import('@mantine/notifications')` would keep the whole package, container and transitions, in the
// start-up bundle beside the store that bundle reads; a named re-export lets the bundler split them.
export { Notifications } from '@mantine/notifications';
