import { PassThrough } from 'node:stream';
import { run } from '../src/program.js';

/** What one `printloom` run printed and how it ended. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `printloom <argv>` in-process with captured output, as a test sees a terminal. */
export async function runCli(...argv: string[]): Promise<CliRun> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c) => {
    out += String(c);
  });
  stderr.on('data', (c) => {
    err += String(c);
  });
  process.exitCode = undefined;
  const code = await run(argv, { stdout, stderr });
  return { code, stdout: out, stderr: err };
}
