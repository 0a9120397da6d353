import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The JSON of `--file`, as the operator wrote it: the server validates it (and names any bad field), so
 * there is one set of rules. A relative path is taken from where `npm run` was typed (INIT_CWD), not from
 * the project root npm moves to.
 */
export async function readPromotionFile(file: string): Promise<unknown> {
  const resolved = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  let text: string;
  try {
    text = await readFile(resolved, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new Error(`cannot read ${resolved} (${reason})`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${resolved} is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}
