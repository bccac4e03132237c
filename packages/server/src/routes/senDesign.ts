/**
 * SEN Design (issue 13): the designers' queue of order items in `designing`. The seller,
 * designers granted on the seller's account (grant role `designer`) and members with get_orders
 * work on it; API keys do not. A claim is one designer at a time (409 naming the holder); the
 * holder attaches a finished print file per print space (an upload of this account, checked as
 * every upload reference is); hand-back runs `designed` then `to_production` through core's
 * order machine once every waiting item of the order has a file, and enqueues the print-files
 * job for print spaces that still have only a saved design.
 */
import { API, printSpaceNames, SEN_DESIGN_MESSAGES, type SenDesignItem } from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { keyOwner } from '../blob/blobStore.js';
import { uploadKeysIn } from '../blob/uploadChecks.js';
import type { AuthContext } from '../http/authContext.js';
import { conflict, forbidden, notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { attachDesignerFile, handBackDesigned } from '../orders/operatorVerbs.js';
import { printFilesJob } from '../orders/printFiles.js';
import { actorOf } from '../orders/recordOrderEvent.js';
import { getSellerOrder } from '../sql/sellerOrders.js';
import {
  claimItem,
  itemsMissingFiles,
  type SenDesignRow,
  senDesignItem,
  senDesignQueue,
} from '../sql/senDesign.js';

/** The seller, designers of the account and order managers; never an API key. */
export function mayDesign(auth: AuthContext): boolean {
  if (auth.apiKey !== null) return false;
  if (auth.grant === null) return true;
  return auth.grant.role === 'designer' || auth.permissions.includes('get_orders');
}

function viewOf(row: SenDesignRow, auth: AuthContext): SenDesignItem {
  return {
    item_id: Number(row.item_id),
    order_id: Number(row.order_id),
    order_number: row.order_number,
    name: row.name,
    color: row.color,
    size: row.size,
    quantity: row.quantity,
    mockup_url: row.mockup_url,
    print_spaces: printSpaceNames(row.print_spaces),
    designer_id: row.designer_id === null ? null : Number(row.designer_id),
    designer_name: row.designer_name,
    claimed_at: row.claimed_at ? row.claimed_at.toISOString() : null,
    claimed_by_me: row.designer_id !== null && Number(row.designer_id) === auth.actorId,
    files: row.files ?? [],
    created_at: row.created_at.toISOString(),
  };
}

export async function registerSenDesignRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const admit = (auth: AuthContext) => {
    if (!mayDesign(auth)) throw forbidden(SEN_DESIGN_MESSAGES.notAllowed);
  };
  /** The item, locked, waiting on a designer and held by this session's person. */
  const heldItem = async (
    tx: Parameters<Parameters<typeof db.transaction>[0]>[0],
    auth: AuthContext,
    itemId: number,
  ) => {
    const item = await senDesignItem(tx, auth.sellerId, itemId, true);
    if (!item) throw notFound();
    if (item.status !== 'designing') throw conflict(SEN_DESIGN_MESSAGES.notWaiting);
    if (item.designer_id === null || Number(item.designer_id) !== auth.actorId) {
      throw conflict(SEN_DESIGN_MESSAGES.claimFirst);
    }
    return item;
  };

  registerGroup(app, API.senDesign, {
    list: async ({ auth }) => {
      admit(auth);
      const rows = await senDesignQueue(db, auth.sellerId);
      return { data: rows.map((row) => viewOf(row, auth)) };
    },
    claim: async ({ auth, params }) => {
      admit(auth);
      const data = await db.transaction(async (tx) => {
        const item = await senDesignItem(tx, auth.sellerId, params.itemId, true);
        if (!item) throw notFound();
        if (item.status !== 'designing') throw conflict(SEN_DESIGN_MESSAGES.notWaiting);
        if (item.designer_id !== null && Number(item.designer_id) !== auth.actorId) {
          throw conflict(SEN_DESIGN_MESSAGES.takenBy(item.designer_name ?? 'Another designer'));
        }
        await claimItem(tx, auth.sellerId, params.itemId, auth.actorId);
        const fresh = await senDesignItem(tx, auth.sellerId, params.itemId);
        if (!fresh) throw notFound();
        return viewOf(fresh, auth);
      });
      return { data, message: SEN_DESIGN_MESSAGES.claimed };
    },
    file: async ({ auth, params, body }) => {
      admit(auth);
      const keys = [...uploadKeysIn({ file_url: body.file_url }, app.config.s3).keys()];
      if (keys.length !== 1 || keys.some((key) => keyOwner(key) !== auth.sellerId)) {
        throw unprocessable(SEN_DESIGN_MESSAGES.notOwnFile);
      }
      const data = await db.transaction(async (tx) => {
        const item = await heldItem(tx, auth, params.itemId);
        const spaces = printSpaceNames(item.print_spaces);
        if (spaces.length > 0 && !spaces.includes(body.print_space)) {
          throw unprocessable(`Choose one of the product's print spaces: ${spaces.join(', ')}.`);
        }
        await attachDesignerFile(
          tx,
          app.jobs,
          {
            itemId: Number(item.item_id),
            orderId: Number(item.order_id),
            sellerId: auth.sellerId,
            printSpace: body.print_space,
            fileUrl: body.file_url,
          },
          actorOf(auth),
        );
        const fresh = await senDesignItem(tx, auth.sellerId, params.itemId);
        if (!fresh) throw notFound();
        return viewOf(fresh, auth);
      });
      return { data, message: SEN_DESIGN_MESSAGES.fileSaved };
    },
    handBack: async ({ auth, params }) => {
      admit(auth);
      const data = await db.transaction(async (tx) => {
        const peek = await senDesignItem(tx, auth.sellerId, params.itemId);
        if (!peek) throw notFound();
        // The order first, then its item: the same lock order as every order change.
        const order = await getSellerOrder(
          tx,
          { sellerId: auth.sellerId, storeIds: null },
          Number(peek.order_id),
          true,
        );
        if (!order) throw notFound();
        await heldItem(tx, auth, params.itemId);
        const missing = await itemsMissingFiles(tx, auth.sellerId, Number(order.id));
        if (missing.length > 0) throw conflict(SEN_DESIGN_MESSAGES.missingFiles(missing.length));
        const after = await handBackDesigned(tx, app.jobs, order, actorOf(auth));
        await app.jobs.enqueue(tx, printFilesJob, {
          orderId: Number(order.id),
          sellerId: auth.sellerId,
        });
        return { order_id: Number(order.id), status: after.status };
      });
      return { data, message: SEN_DESIGN_MESSAGES.handedBack };
    },
  });
}
