// Types of build-if-stale.mjs for the TypeScript that imports it (e2e/go-live.spec.ts starts the compiled server).
export const root: string;
export const SERVER_ENTRY: string;
export function serverArgs(nodeArgs?: string[]): string[];
export function waitForReady(url: string, child: import('node:child_process').ChildProcess): Promise<void>;
export function buildIfStale(): void;
