import type { API, Campaign, RouteInput } from '@printloom/core';
import type { Command } from 'commander';
import { authedClient } from '../config.js';
import { positiveInt, printer, printJson } from '../output.js';
import {
  allTemplates,
  type CreateCampaignInput,
  createCampaignFromDesign,
  templateSlug,
} from './campaignCreate.js';

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
      // A count that stopped at the list's cap reads "10000+", as the dashboard shows it.
      const more = page.total_is_capped ? '+' : '';
      print(
        `Page ${page.current_page} of ${page.last_page}${more} · ${page.total}${more} campaigns\n`,
      );
    });

  campaigns
    .command('products')
    .description('List the product templates a campaign can be made of, by slug')
    .option('--json', 'print the templates as JSON')
    .action(async (options: Flags, command: Command) => {
      const { client } = await authedClient();
      const templates = await allTemplates(client);
      if (options.json) {
        printJson(
          command,
          templates.map((t) => ({
            slug: templateSlug(t),
            id: t.id,
            name: t.name,
            print_spaces: t.print_spaces.map((space) => space.name),
          })),
        );
        return;
      }
      const print = printer(command);
      print(`${'Slug'.padEnd(12)} ${'Name'.padEnd(28)}Print spaces\n`);
      for (const t of templates) {
        const spaces = t.print_spaces.map((space) => space.name).join(', ');
        print(`${templateSlug(t).padEnd(12)} ${t.name.padEnd(28)}${spaces}\n`);
      }
    });

  campaigns
    .command('create')
    .description(
      'Create a campaign from a design file on product templates, priced, and optionally launch it',
    )
    .requiredOption('--design <file>', 'the artwork: a PNG, JPEG or WebP file')
    .requiredOption(
      '--products <list>',
      'product templates by slug or name, separated by commas (see `printloom campaigns products`), e.g. tshirt,mug',
    )
    .option('--price <amount>', 'sell price of every product, e.g. 19.99')
    .option('--name <name>', 'campaign name (default: from the file name)')
    .option('--launch', 'launch the campaign once it is made')
    .option('--json', 'print the campaign as JSON')
    .action(async (options: Omit<CreateCampaignInput, 'launch'> & Flags, command: Command) => {
      const { client, session } = await authedClient();
      const campaign = await createCampaignFromDesign(client, session.api, {
        ...options,
        launch: options.launch === true,
      });
      if (options.json) {
        printJson(command, campaign);
        return;
      }
      const products = campaign.products.map((p) => p.name ?? `#${p.template_id}`).join(', ');
      printer(command)(
        `${options.launch ? 'Launched' : 'Created'} campaign ${campaign.id} "${campaign.name}" (${campaign.status}) with ${products}\n`,
      );
    });

  const single = (
    name: 'launch' | 'deactivate' | 'duplicate' | 'delete',
    description: string,
    act: (
      client: Awaited<ReturnType<typeof authedClient>>['client'],
      id: number,
    ) => Promise<{ json: unknown; text: string }>,
  ) =>
    campaigns
      .command(`${name} <id>`)
      .description(description)
      .option('--json', 'print the answer as JSON')
      .action(async (id: string, options: Flags, command: Command) => {
        const { client } = await authedClient();
        const outcome = await act(client, positiveInt(id, 'id'));
        if (options.json) printJson(command, outcome.json);
        else printer(command)(`${outcome.text}\n`);
      });

  const said = (verb: string) => (campaign: Campaign) => ({
    json: campaign,
    text: `${verb} campaign ${campaign.id} "${campaign.name}" (${campaign.status})`,
  });
  single(
    'launch',
    'Launch a campaign: it goes on sale (every product needs a design)',
    async (c, id) => said('Launched')(await c.campaigns.launch({ params: { id } })),
  );
  single('deactivate', 'Deactivate a campaign: it stops selling', async (c, id) =>
    said('Deactivated')(await c.campaigns.deactivate({ params: { id } })),
  );
  single(
    'duplicate',
    'Copy a campaign with its products, prices, designs and mockups into a new draft',
    async (c, id) => {
      const copy = await c.campaigns.duplicate({ params: { id } });
      return { json: copy, text: `Duplicated campaign ${id} as ${copy.id} "${copy.name}" (draft)` };
    },
  );
  single('delete', 'Delete a campaign (refused while a bulk job still needs it)', async (c, id) => {
    const answer = await c.campaigns.remove({ params: { id } });
    return { json: answer, text: `Deleted campaign ${answer.id}` };
  });
}

interface Flags {
  json?: boolean;
  launch?: boolean;
}
