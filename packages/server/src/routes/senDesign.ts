/**
 * SEN Design (issue 13): the designers' queue of order items in `designing`. The seller,
 * designers granted on the seller's account (grant role `designer`) and members with get_orders
 * work on it; API keys do not. A claim is one designer at a time (409 naming the holder); the
 * holder attaches a finished print file per print space (an upload of this account, checked as
 * every upload reference is); hand-back runs `designed` then `to_production` through core's
 * order machine once every waiting item of the order has a file, and enqueues the print-files
 * job for print spaces that still have only a saved design.
 *
 * A line cross-sold from another seller's campaign is designed by the campaign's owner (its
 * design, its designers): it waits in the owner's queue, which reads nothing of the buyer. Its
 * file and hand-back are booked on the store seller's order; the owner's side appears on that
 * order's timeline as the system (the owner's team stays the owner's). Hand-back needs the
 * caller's own lines of the order to have files; the order moves to production when every
 * designing line has one, so whichever side finishes last sends it.
 *
 * A store-limited session (a team member or designer granted some stores, an admin signed in for
 * some stores) sees and works only the lines of orders placed in those stores; another store's
 * line answers 404 as a line of another seller does.
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
import { actorOf, type OrderActor } from '../orders/recordOrderEvent.js';
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
    cross_sold: Number(row.order_seller_id) !== auth.sellerId,
  };
}

/** Who the order's timeline names: the caller on its own order, the system for an owner's line. */
function timelineActor(row: SenDesignRow, auth: AuthContext): OrderActor {
  return Number(row.order_seller_id) === auth.sellerId
    ? actorOf(auth)
    : { kind: 'system', id: null };
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
    const item = await senDesignItem(tx, auth.sellerId, auth.storeIds, itemId, true);
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
      const rows = await senDesignQueue(db, auth.sellerId, auth.storeIds);
      return { data: rows.map((row) => viewOf(row, auth)) };
    },
    claim: async ({ auth, params }) => {
      admit(auth);
      const data = await db.transaction(async (tx) => {
        const item = await senDesignItem(tx, auth.sellerId, auth.storeIds, params.itemId, true);
        if (!item) throw notFound();
        if (item.status !== 'designing') throw conflict(SEN_DESIGN_MESSAGES.notWaiting);
        if (item.designer_id !== null && Number(item.designer_id) !== auth.actorId) {
          throw conflict(SEN_DESIGN_MESSAGES.takenBy(item.designer_name ?? 'Another designer'));
        }
        await claimItem(tx, auth.sellerId, params.itemId, auth.actorId);
        const fresh = await senDesignItem(tx, auth.sellerId, auth.storeIds, params.itemId);
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
        const crossSold = Number(item.order_seller_id) !== auth.sellerId;
        await attachDesignerFile(
          tx,
          app.jobs,
          {
            itemId: Number(item.item_id),
            orderId: Number(item.order_id),
            sellerId: Number(item.order_seller_id),
            printSpace: body.print_space,
            fileUrl: body.file_url,
            createdBy: auth.actorId,
            designedByOwner: crossSold,
          },
          timelineActor(item, auth),
        );
        const fresh = await senDesignItem(tx, auth.sellerId, auth.storeIds, params.itemId);
        if (!fresh) throw notFound();
        return viewOf(fresh, auth);
      });
      return { data, message: SEN_DESIGN_MESSAGES.fileSaved };
    },
    handBack: async ({ auth, params }) => {
      admit(auth);
      let waitingOn = 0;
      const data = await db.transaction(async (tx) => {
        const peek = await senDesignItem(tx, auth.sellerId, auth.storeIds, params.itemId);
        if (!peek) throw notFound();
        const orderSeller = { sellerId: Number(peek.order_seller_id), storeIds: null };
        // The order first, then its item: the same lock order as every order change.
        const order = await getSellerOrder(tx, orderSeller, Number(peek.order_id), true);
        if (!order) throw notFound();
        const item = await heldItem(tx, auth, params.itemId);
        const mine = await itemsMissingFiles(
          tx,
          orderSeller.sellerId,
          Number(order.id),
          auth.sellerId,
        );
        if (mine.length > 0) throw conflict(SEN_DESIGN_MESSAGES.missingFiles(mine.length));
        // Lines of the other side (a cross-sold campaign's owner, or the store seller) may still
        // wait on their designers: the order moves when the last of them hands back.
        const missing = await itemsMissingFiles(tx, orderSeller.sellerId, Number(order.id));
        if (missing.length > 0) {
          waitingOn = missing.length;
          return { order_id: Number(order.id), status: order.status };
        }
        const after = await handBackDesigned(tx, app.jobs, order, timelineActor(item, auth));
        await app.jobs.enqueue(tx, printFilesJob, {
          orderId: Number(order.id),
          sellerId: orderSeller.sellerId,
        });
        return { order_id: Number(order.id), status: after.status };
      });
      const message =
        waitingOn > 0
          ? SEN_DESIGN_MESSAGES.handedBackWaiting(waitingOn)
          : SEN_DESIGN_MESSAGES.handedBack;
      return { data, message };
    },
  });
}
