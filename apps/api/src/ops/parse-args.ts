/**
 * How a command's options are declared: `--name value` strings, `--flag` booleans and `--name value` lists
 * (repeated: `--host a --host b` → `['a', 'b']`).
 */
export type OptionSpec = Record<
  string,
  { type: 'string' | 'boolean' | 'list'; description: string; isRequired?: boolean }
>;

export type ParsedArgs = {
  positionals: string[];
  options: Record<string, string | boolean | string[] | undefined>;
};

/** A mistake in how the command was typed; the CLI prints it with the command's usage (exit 2). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * Parses `words` against `spec`: `--name value`, `--name=value`, `--flag`, and positionals; `--` ends the
 * options. Unknown options, a missing value and missing required options are usage errors.
 */
export function parseArgs(words: string[], spec: OptionSpec): ParsedArgs {
  const positionals: string[] = [];
  const options: ParsedArgs['options'] = {};
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (word === '--') {
      positionals.push(...words.slice(i + 1));
      break;
    }
    if (!word.startsWith('--')) {
      positionals.push(word);
      continue;
    }
    const eq = word.indexOf('=');
    const name = word.slice(2, eq === -1 ? undefined : eq);
    const option = spec[name];
    if (!option) throw new UsageError(`unknown option --${name}`);
    if (option.type === 'boolean') {
      if (eq !== -1) throw new UsageError(`--${name} takes no value`);
      options[name] = true;
      continue;
    }
    const value = eq === -1 ? words[++i] : word.slice(eq + 1);
    if (value === undefined || (eq === -1 && value.startsWith('--'))) {
      throw new UsageError(`--${name} needs a value`);
    }
    if (option.type === 'list') {
      const values = options[name];
      options[name] = [...(Array.isArray(values) ? values : []), value];
      continue;
    }
    options[name] = value;
  }
  for (const [name, option] of Object.entries(spec)) {
    if (option.isRequired && options[name] === undefined) throw new UsageError(`--${name} is required`);
  }
  return { positionals, options };
}
