import type { Command } from 'commander';
import { CliError, EXIT } from './CliError.js';

/** Writes to the program's configured stdout, so `run(argv, io)` captures it. */
export function printer(command: Command): (text: string) => void {
  let root = command;
  while (root.parent) root = root.parent;
  const write = root.configureOutput().writeOut;
  return (text) => (write ? write(text) : process.stdout.write(text));
}

/** The root's --verbose flag, from any subcommand. */
export function isVerbose(command: Command): boolean {
  let root = command;
  while (root.parent) root = root.parent;
  return root.opts<{ verbose?: boolean }>().verbose === true;
}

export function printJson(command: Command, value: unknown): void {
  printer(command)(`${JSON.stringify(value, null, 2)}\n`);
}

/** A positive whole number option, else a usage error naming the option. */
export function positiveInt(value: string, name: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw new CliError(`${name} must be a whole number above 0, got "${value}"`, EXIT.usage);
  }
  return number;
}

/** A list of ids like "1,2,3" or "1 2 3". */
export function idList(values: readonly string[], name = 'ids'): number[] {
  const ids = values.flatMap((v) => v.split(/[\s,]+/)).filter((v) => v !== '');
  if (ids.length === 0) throw new CliError(`Give at least one row id (${name})`, EXIT.usage);
  return ids.map((id) => positiveInt(id, name));
}
