/**
 * Exit codes of the `printloom` binary (the table is in the package README): 0 success,
 * 1 failure, 2 bad usage, 3 a bulk run finished but rows failed, 130 interrupted at a prompt.
 */
export const EXIT = { ok: 0, failure: 1, usage: 2, rowsFailed: 3, interrupted: 130 } as const;

/** An error whose message is shown to the user as is (no stack trace unless --verbose). */
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number = EXIT.failure) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}
