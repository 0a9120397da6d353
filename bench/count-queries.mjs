// Preloaded into the API by `BENCH_COUNT_QUERIES=1 npm run bench:money` (node --import): counts the SQL
// statements the process sends (by text) and the HTTP requests it serves (by route shape) between a first
// SIGUSR2 (start) and a second (stop), and writes them as JSON to <COUNT_QUERIES_FILE>-<PORT>.json when the
// process exits (one file per API process).
// A measuring aid only: it patches pg's Client and node:http's Server, which nothing in the app does.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';

const statements = new Map();
const requests = new Map();
let isCounting = false;
let signals = 0;

const add = (map, key) => {
  if (isCounting) map.set(key, (map.get(key) ?? 0) + 1);
};
// Order codes, UUIDs, member names and account numbers out of paths, so requests group by route.
const routeOf = (method, url) =>
  `${method} ${url
    .replace(/\?.*/, '')
    .replace(/\/[A-Z]\d{10,}[A-Z]{2}(?=\/|$)/g, '/:code')
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')
    .replace(/\/members\/[^/]+/, '/members/:member')
    .replace(/\/\d{6,}$/, '/:number')}`;

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(config, ...rest) {
  const text = typeof config === 'string' ? config : (config?.text ?? '');
  // Statements prepared by name are marked: PostgreSQL parses and plans those once per connection.
  const prepared = typeof config === 'object' && config?.name ? '[named] ' : '';
  add(statements, prepared + text.replace(/\s+/g, ' ').trim());
  return query.call(this, config, ...rest);
};

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function countedEmit(event, request, ...rest) {
  if (event === 'request') add(requests, routeOf(request.method, request.url));
  return emit.call(this, event, request, ...rest);
};

process.on('SIGUSR2', () => {
  signals += 1;
  isCounting = signals === 1;
});
process.on('exit', () => {
  const file = process.env.COUNT_QUERIES_FILE;
  if (!file) return;
  const sorted = (map) => Object.fromEntries([...map].sort((a, b) => b[1] - a[1]));
  writeFileSync(
    `${file}-${process.env.PORT}.json`,
    JSON.stringify({ statements: sorted(statements), requests: sorted(requests) }),
  );
});
