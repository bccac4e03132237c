import type { AdminOrderView } from '@printloom/core';
import type { Command } from 'commander';
import { CliError, EXIT } from '../CliError.js';
import { authedClient } from '../config.js';
import { printer, printJson } from '../output.js';

interface ShipOptions {
  carrier: string;
  tracking: string;
  items?: string;
  json?: boolean;
}

/** The line ids of `--items 12,13`, each a positive whole number. */
function itemIds(text: string): number[] {
  return text.split(',').map((part) => {
    const id = Number(part.trim());
    if (!Number.isInteger(id) || id <= 0) {
      throw new CliError(`--items takes item ids separated by commas, not "${part}"`, EXIT.usage);
    }
    return id;
  });
}

/**
 * `printloom orders ship <order_number>`: a platform operator (signed in with an admin
 * account) marks an order's lines shipped with the carrier and tracking number.
 */
export function registerOrderCommands(program: Command): void {
  const orders = program.command('orders').description('Orders (platform operators)');
  orders
    .command('ship <order_number>')
    .description('Mark an order shipped with its carrier and tracking number (admin accounts)')
    .requiredOption('--carrier <name>', 'the carrier, e.g. UPS, USPS, FedEx, DHL')
    .requiredOption('--tracking <number>', "the carrier's tracking number")
    .option(
      '--items <ids>',
      'only these item ids, separated by commas (default: every unshipped line)',
    )
    .option('--json', 'print the order as JSON')
    .action(async (orderNumber: string, options: ShipOptions, command: Command) => {
      const { client } = await authedClient();
      const found = await client.adminOrders.byNumber({ params: { number: orderNumber } });
      const shipped: AdminOrderView = await client.adminOrders.ship({
        params: { id: found.id },
        body: {
          carrier: options.carrier,
          tracking_number: options.tracking,
          ...(options.items ? { items: itemIds(options.items) } : {}),
        },
      });
      if (options.json) {
        printJson(command, shipped);
        return;
      }
      printer(command)(
        `Shipped order ${shipped.order_number} with ${options.carrier} ${options.tracking}: ${shipped.fulfillment_status.replace('_', ' ')} (${shipped.status})\n`,
      );
    });
}
