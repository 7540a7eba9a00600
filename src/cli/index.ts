/** The command line's entry: `run` (async, the exit status), the command table, `outline`. */
export { run, COMMAND_NAMES, loadCommand, allCommands, version } from './main';
export { outline } from './tree';
export { processIo, EXIT_OUTPUT, type Io } from './io';
export type { Command, Context } from './command';
