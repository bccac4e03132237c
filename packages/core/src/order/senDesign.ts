import { z } from 'zod';
import { OrderPrintFile } from './OrderSchemas.js';

/**
 * SEN Design (issue 13; spec §2 /orders/sen-design): the queue of order items waiting on a
 * designer. Who works on it: the seller, designers granted on the seller's account (grant role
 * `designer`), and team members with get_orders. One designer holds an item at a time (claim);
 * the holder uploads a finished print file per print space and hands the order back, which
 * sends it to production once every waiting item of the order has a file.
 *
 * A line cross-sold from another seller's campaign waits in the queue of the campaign's owner
 * (its design, its designers), shown without anything of the buyer; the store seller's order
 * goes to production when the last side to finish hands back.
 */
export const SEN_DESIGN_QUEUE_MAX = 200;

export const SEN_DESIGN_MESSAGES = {
  notAllowed: 'Only the seller, designers and order managers of this account work on SEN Design.',
  notWaiting: 'This item is not waiting on a designer.',
  takenBy: (name: string) => `${name} is already working on this item.`,
  claimFirst: 'Claim this item before working on it.',
  notOwnFile: "The file must be one of this account's uploads.",
  missingFiles: (count: number) =>
    `${count} item${count === 1 ? '' : 's'} of this order still need${count === 1 ? 's' : ''} a print file.`,
  claimed: 'Item claimed.',
  fileSaved: 'Print file saved.',
  handedBack: 'Handed back: the order goes to production.',
  handedBackWaiting: (count: number) =>
    `Handed back: the order goes to production once its other ${count === 1 ? 'item has its' : `${count} items have their`} print file${count === 1 ? '' : 's'}.`,
} as const;

export const SenDesignItem = z.object({
  item_id: z.number().int().positive(),
  order_id: z.number().int().positive(),
  order_number: z.string(),
  name: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number().int().positive(),
  mockup_url: z.string().nullable(),
  /** The print spaces the product has (the files a designer may upload). */
  print_spaces: z.array(z.string()),
  designer_id: z.number().int().positive().nullable(),
  designer_name: z.string().nullable(),
  claimed_at: z.string().nullable(),
  claimed_by_me: z.boolean(),
  files: z.array(OrderPrintFile),
  created_at: z.string(),
  /**
   * The line was sold in another seller's store from this account's campaign: the order is that
   * seller's (its page is not this account's), and nothing of the buyer is shown.
   */
  cross_sold: z.boolean(),
});
export type SenDesignItem = z.infer<typeof SenDesignItem>;

export const SenDesignItemParams = z.object({ itemId: z.coerce.number().int().positive() });

export const SenDesignFileBody = z.object({
  print_space: z.string().trim().min(1, 'Choose the print space').max(100),
  file_url: z.string().trim().min(1, 'Upload the print file').max(2000),
});
export type SenDesignFileBody = z.infer<typeof SenDesignFileBody>;

export const SenDesignHandBackAnswer = z.object({
  order_id: z.number().int().positive(),
  status: z.string(),
});
export type SenDesignHandBackAnswer = z.infer<typeof SenDesignHandBackAnswer>;
