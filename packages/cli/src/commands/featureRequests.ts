import {
  FEATURE_REQUEST_STATUS_LABELS,
  FEATURE_REQUEST_STATUSES,
  FeatureRequestStatus,
} from '@printloom/core';
import type { Command } from 'commander';
import { CliError, EXIT } from '../CliError.js';
import { authedClient } from '../config.js';
import { printer, printJson } from '../output.js';

/** The request id of the command line: a positive whole number. */
function requestId(text: string): number {
  const id = Number(text);
  if (!Number.isInteger(id) || id <= 0) {
    throw new CliError(`<id> is the feature request's number, not "${text}"`, EXIT.usage);
  }
  return id;
}

/** The status as the API names it; `under-review` is accepted for `under_review`. */
function requestStatus(text: string): FeatureRequestStatus {
  const parsed = FeatureRequestStatus.safeParse(text.trim().toLowerCase().replace(/-/g, '_'));
  if (!parsed.success) {
    throw new CliError(
      `<status> is one of ${FEATURE_REQUEST_STATUSES.join(', ')}, not "${text}"`,
      EXIT.usage,
    );
  }
  return parsed.data;
}

/**
 * `printloom feature-requests status <id> <status>`: a platform operator (signed in with an
 * admin account) moves a seller's feature request to under review, planned or done; the
 * /feature-requests page shows it to every seller.
 */
export function registerFeatureRequestCommands(program: Command): void {
  const requests = program
    .command('feature-requests')
    .description('Feature requests of sellers (platform operators)');
  requests
    .command('status <id> <status>')
    .description(
      `Set a feature request's status: ${FEATURE_REQUEST_STATUSES.join(', ')} (admin accounts)`,
    )
    .option('--json', 'print the request as JSON')
    .action(async (idText: string, statusText: string, options: { json?: boolean }, command) => {
      const id = requestId(idText);
      const status = requestStatus(statusText);
      const { client } = await authedClient();
      const request = await client.featureRequests.setStatus({
        params: { id },
        body: { status },
      });
      if (options.json) {
        printJson(command, request);
        return;
      }
      printer(command)(
        `Feature request #${request.id} “${request.title}”: ${FEATURE_REQUEST_STATUS_LABELS[request.status]}\n`,
      );
    });
}
