/**
 * The command line's argument reader: `--name value`, `--name=value`, boolean flags,
 * repeatable options, `--` to end the options, `-` as an argument (standard input).
 * Anything it does not know is refused with a `Usage` error (exit 2, one line).
 */

/** Wrong usage: the message is one short line; the CLI exits 2. */
export class Usage extends Error {}

export interface OptionSpec {
  /** Placeholder for the value (`--rule R`); absent for a flag. */
  readonly value?: string;
  /** May be given more than once (values are collected in order). */
  readonly repeat?: boolean;
  readonly help: string;
}

export type OptionTable = Readonly<Record<string, OptionSpec>>;

export interface Parsed {
  readonly args: string[];
  /** `true` for a flag, the last value for a value option, every value for a repeatable one. */
  readonly opts: Map<string, string | true | string[]>;
}

/** Reads `argv` against `table` (option names without the leading `--`). */
export function parseArgs(argv: readonly string[], table: OptionTable, command: string): Parsed {
  const where = command ? `${command}: ` : '';
  const args: string[] = [];
  const opts = new Map<string, string | true | string[]>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      args.push(...argv.slice(i + 1));
      break;
    }
    if (a === '-h') {
      opts.set('help', true);
      continue;
    }
    if (!a.startsWith('--')) {
      if (a.length > 1 && a.startsWith('-')) throw new Usage(`${where}unknown option ${show(a)}`);
      args.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = a.slice(2, eq < 0 ? undefined : eq);
    const spec = Object.prototype.hasOwnProperty.call(table, name) ? table[name] : undefined;
    if (!spec) throw new Usage(`${where}unknown option ${show(eq < 0 ? a : a.slice(0, eq))}`);
    let value: string | true = true;
    if (spec.value) {
      if (eq >= 0) value = a.slice(eq + 1);
      else if (i + 1 < argv.length) value = argv[++i];
      else throw new Usage(`${where}--${name} needs a value (${spec.value})`);
    } else if (eq >= 0) {
      throw new Usage(`${where}--${name} takes no value`);
    }
    // A value option given twice is a mistake to report, not a choice to make for the user.
    if (!spec.repeat && spec.value && opts.has(name)) throw new Usage(`${where}--${name} is given more than once`);
    if (spec.repeat && typeof value === 'string') {
      const prev = opts.get(name);
      opts.set(name, Array.isArray(prev) ? [...prev, value] : [value]);
    } else {
      opts.set(name, value);
    }
  }
  return { args, opts };
}

/** An argument as the user typed it, quoted and cut short for an error line. */
export function show(s: string): string {
  const cut = s.length > 40 ? `${s.slice(0, 40)}…` : s;
  return JSON.stringify(cut);
}
