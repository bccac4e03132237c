import { createInterface } from 'node:readline/promises';

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

/** Asks one question on the terminal; `hidden` does not echo what is typed. */
export async function ask(question: string, hidden = false): Promise<string> {
  const output = terminal.stderr;
  const rl = createInterface({ input: terminal.stdin, output, terminal: true });
  if (hidden) {
    // Echo nothing after the question: readline writes typed characters through _writeToOutput.
    const muted = rl as unknown as { _writeToOutput: (text: string) => void };
    let asked = false;
    muted._writeToOutput = (text: string) => {
      if (!asked) {
        output.write(text);
        asked = true;
      }
    };
  }
  try {
    const answer = await rl.question(question);
    if (hidden) output.write('\n');
    return answer.trim();
  } finally {
    rl.close();
  }
}
