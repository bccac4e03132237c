import { createRequire } from 'node:module';
import { Command, CommanderError } from 'commander';
import { CliError, EXIT } from './CliError.js';
import { registerCommands } from './commands/index.js';

export interface Io {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** This package's version, read from its package.json (one level above src/ and dist/ alike). */
export const VERSION: string = (
  createRequire(import.meta.url)('../package.json') as { version: string }
).version;

export function createProgram(io: Io = process): Command {
  const program = new Command('printloom')
    .description(
      'Printloom: print-on-demand seller platform — API server, renderer and bulk workers',
    )
    .version(VERSION, '-v, --version', 'print the version of printloom')
    .option('--verbose', 'show stack traces and debug logs')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    });
  registerCommands(program);
  return program;
}

/** Runs the CLI and resolves with the exit code; never throws. */
export async function run(argv: string[], io: Io = process): Promise<number> {
  const program = createProgram(io);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') {
        return EXIT.ok;
      }
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    const verbose = argv.includes('--verbose');
    if (error instanceof CliError) {
      io.stderr.write(`printloom: ${error.message}\n`);
      if (verbose && error.stack) io.stderr.write(`${error.stack}\n`);
      return error.exitCode;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`printloom: ${message}\n`);
    if (verbose && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
    return EXIT.failure;
  }
}
