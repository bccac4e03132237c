import input from '@inquirer/input';
import password from '@inquirer/password';
import { CliError, EXIT } from './CliError.js';

/** Where interactive answers and `--password-stdin` come from; tests swap the streams. */
export const terminal: {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  stderr: NodeJS.WritableStream;
} = { stdin: process.stdin, stderr: process.stderr };

export function isInteractive(): boolean {
  return terminal.stdin.isTTY === true;
}

/** Reads all of stdin (for `--password-stdin`), without the trailing newline. */
export async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of terminal.stdin) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  }
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Ctrl+C or a closed terminal during a prompt ends the command as an interrupted one. */
function cancelled(error: unknown): never {
  if (error instanceof Error && error.name === 'ExitPromptError') {
    throw new CliError('Cancelled.', EXIT.interrupted);
  }
  throw error;
}

/**
 * Asks one question on the terminal (prompts go to stderr so stdout stays clean for `--json`).
 * `hidden` masks what is typed with `*`: @inquirer/password draws the prompt itself, so no
 * typed character of a password ever reaches the terminal.
 */
export async function ask(question: string, hidden = false): Promise<string> {
  const context = { input: terminal.stdin, output: terminal.stderr };
  try {
    const answer = hidden
      ? await password({ message: question, mask: true }, context)
      : await input({ message: question }, context);
    return answer.trim();
  } catch (error) {
    return cancelled(error);
  }
}
