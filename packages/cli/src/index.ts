export { CliError, EXIT } from './CliError.js';
export { createProgram, run } from './program.js';
