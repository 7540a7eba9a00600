/**
 * The `uri-grammar` command line.
 *
 *   uri-grammar validate <uri> [--rule R]        exit 0 when valid; 1 with the error, caret and all
 *   uri-grammar tree <uri> [--rule R] [--lexical] the parse tree as an indented outline
 *   uri-grammar parse <uri> [--rule R]           the components as JSON (null for absent)
 *   uri-grammar resolve <base> <reference> [--non-strict]
 *   uri-grammar normalize <uri> [--scheme]
 *   uri-grammar equivalent <a> <b>               exit 0 when equivalent, 1 when not
 *
 * Exit status: 0 success, 1 invalid input (or not equivalent), 2 wrong usage.
 */
import * as api from './index';
import type { Node } from './engine/tree';
import type { RuleName } from './grammar';

const USAGE = `usage:
  uri-grammar validate <uri> [--rule R]
  uri-grammar tree <uri> [--rule R] [--lexical]
  uri-grammar parse <uri> [--rule R]
  uri-grammar resolve <base> <reference> [--non-strict]
  uri-grammar normalize <uri> [--scheme]
  uri-grammar equivalent <a> <b>
rules: ${api.RULE_NAMES.join(' ')}`;

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

class Usage extends Error {}

/** Runs one command; returns the exit status. */
export function main(argv: readonly string[], io: Io): number {
  try {
    return command(argv, io);
  } catch (e) {
    if (e instanceof Usage) {
      io.err(`${e.message}\n${USAGE}`);
      return 2;
    }
    if (e instanceof api.UriSyntaxError) {
      io.err(`${e.name}: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

function command(argv: readonly string[], io: Io): number {
  const [cmd, ...rest] = argv;
  const flags = new Set<string>();
  const args: string[] = [];
  let rule: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a === '--rule') {
      rule = rest[++i];
      if (rule === undefined) throw new Usage('--rule needs a rule name');
      if (!(api.RULE_NAMES as readonly string[]).includes(rule)) throw new Usage(`unknown rule ${JSON.stringify(rule)}`);
    } else if (a === '--') args.push(...rest.slice(i + 1)), (i = rest.length);
    else if (a.startsWith('--') && a.length > 2) flags.add(a);
    else args.push(a);
  }
  const want = (n: number, allowed: string[]) => {
    if (args.length !== n) throw new Usage(`${cmd} takes ${n} argument${n > 1 ? 's' : ''}`);
    for (const f of flags) if (!allowed.includes(f)) throw new Usage(`${cmd} does not take ${f}`);
    if (rule !== undefined && !allowed.includes('--rule')) throw new Usage(`${cmd} does not take --rule`);
  };
  const r = (rule ?? 'URI-reference') as RuleName;
  switch (cmd) {
    case 'validate': {
      want(1, ['--rule']);
      const v = api.validate(args[0], r);
      if (v.ok) {
        io.out(`valid ${r}`);
        return 0;
      }
      io.err(`${v.error.name}: ${v.error.message}`);
      return 1;
    }
    case 'tree': {
      want(1, ['--rule', '--lexical']);
      const tree = api.parseTree(args[0], r, { lexical: flags.has('--lexical') });
      for (const line of outline(args[0], tree)) io.out(line);
      return 0;
    }
    case 'parse': {
      want(1, ['--rule']);
      const c = api.parse(args[0], (rule ?? 'URI-reference') as Parameters<typeof api.parse>[1]);
      io.out(JSON.stringify(c, (_k, v) => (v === undefined ? null : v), 2));
      return 0;
    }
    case 'resolve':
      want(2, ['--non-strict']);
      io.out(api.resolve(args[0], args[1], { strict: !flags.has('--non-strict') }));
      return 0;
    case 'normalize':
      want(1, ['--scheme']);
      io.out(api.normalize(args[0], { scheme: flags.has('--scheme') }));
      return 0;
    case 'equivalent': {
      want(2, []);
      const same = api.equivalent(args[0], args[1]);
      io.out(same ? 'equivalent' : 'not equivalent');
      return same ? 0 : 1;
    }
    case undefined: case '-h': case '--help': case 'help':
      io.out(USAGE);
      return cmd === undefined ? 2 : 0;
    default:
      throw new Usage(`unknown command ${JSON.stringify(cmd)}`);
  }
}

/** One line a node: indentation for depth, rule name, span and text. Iterative, any depth. */
export function outline(input: string, root: Node): string[] {
  const lines: string[] = [];
  const stack: Array<[Node, number]> = [[root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    lines.push(`${'  '.repeat(depth)}${node.rule} [${node.start},${node.end}) ${JSON.stringify(input.slice(node.start, node.end))}`);
    for (let k = node.children.length - 1; k >= 0; k--) stack.push([node.children[k], depth + 1]);
  }
  return lines;
}

if (require.main === module) {
  const status = main(process.argv.slice(2), {
    out: (l) => process.stdout.write(l + '\n'),
    err: (l) => process.stderr.write(l + '\n'),
  });
  process.exitCode = status;
}
