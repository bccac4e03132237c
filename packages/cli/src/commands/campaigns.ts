import type { API, RouteInput } from '@printloom/core';
import type { Command } from 'commander';
import { authedClient } from '../config.js';
import { positiveInt, printer, printJson } from '../output.js';

interface ListOptions {
  q?: string;
  status?: string;
  page: string;
  perPage?: string;
  json?: boolean;
}

/** `printloom campaigns list`: the seller's campaigns, newest first (spec §7 defaults). */
export function registerCampaignCommands(program: Command): void {
  const campaigns = program.command('campaigns').description('Campaigns of the current seller');
  campaigns
    .command('list')
    .description('List campaigns (15 per page, newest first)')
    .option('--q <text>', 'search by name')
    .option('--status <status>', 'only campaigns of this status, e.g. active, draft')
    .option('--page <n>', 'page number', '1')
    .option('--per-page <n>', 'campaigns per page')
    .option('--json', 'print the page as JSON')
    .action(async (options: ListOptions, command: Command) => {
      const { client } = await authedClient();
      const page = await client.campaigns.list({
        query: {
          ...(options.q ? { q: options.q } : {}),
          ...(options.status ? { status: options.status } : {}),
          page: positiveInt(options.page, '--page'),
          ...(options.perPage ? { per_page: positiveInt(options.perPage, '--per-page') } : {}),
        } as RouteInput<typeof API.campaigns.list>['query'],
      });
      if (options.json) {
        printJson(command, page);
        return;
      }
      const print = printer(command);
      if (page.data.length === 0) {
        print('No campaigns found.\n');
        return;
      }
      print(`${'ID'.padEnd(8)}${'Status'.padEnd(12)}Name\n`);
      for (const campaign of page.data) {
        print(
          `${String(campaign.id).padEnd(8)}${String(campaign.status ?? '').padEnd(12)}${campaign.name}\n`,
        );
      }
      print(`Page ${page.current_page} of ${page.last_page} · ${page.total} campaigns\n`);
    });
}
