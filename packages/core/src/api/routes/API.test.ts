import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PAGES } from '../../pages/PAGES.js';
import { API, groupPrefix, pathPrefix, pathWith, routeList } from './API.js';
import { errorStatusesOf, openApiDocument } from './openApiDocument.js';
import { ANY_MEMBER, permissionOf, type RouteContract, route } from './RouteContract.js';

const routes = routeList();
const isMember = (contract: RouteContract) =>
  contract.auth === undefined || contract.auth === 'user';

describe('the route table', () => {
  it('holds every route once', () => {
    const keys = routes.map(({ contract }) => `${contract.method} ${contract.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    // Every route of the table; update when a group gains or loses a route.
    expect(routes.length).toBe(367);
  });

  it('writes paths Fastify style, with a schema for exactly the named parameters', () => {
    for (const { group, name, contract } of routes) {
      const where = `${group}.${name}`;
      expect(contract.path, where).toMatch(/^\/[A-Za-z0-9_\-/.:]*\*?$/);
      const named = [...contract.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
      const declared =
        contract.params instanceof z.ZodObject ? Object.keys(contract.params.shape) : [];
      expect(declared.sort(), where).toEqual(named.sort());
    }
  });

  it('gives every JSON answer a schema and every other answer a content type', () => {
    for (const { group, name, contract } of routes) {
      if (contract.answer) expect(contract.response, `${group}.${name}`).toBeUndefined();
      else expect(contract.response, `${group}.${name}`).toBeInstanceOf(z.ZodType);
    }
  });

  it('has every member route declare its permission, or that any member may call it', () => {
    for (const { group, name, contract } of routes.filter((r) => isMember(r.contract))) {
      expect(permissionOf(contract), `${group}.${name}`).toBeTruthy();
    }
    // A member route without a permission is a type error:
    // @ts-expect-error permission is required when auth is 'user' (the default)
    route({ method: 'GET', path: '/x', summary: 'x', tags: [], response: z.null() });
    route({
      method: 'GET',
      path: '/x',
      summary: 'x',
      tags: [],
      auth: 'none',
      // @ts-expect-error a public route has no permission to declare
      permission: 'get_orders',
      response: z.null(),
    });
  });

  it('gates email marketing and the design tool like their menu entries (spec §6)', () => {
    const emailMarketing = routes.filter(({ group }) =>
      ['emailSenders', 'marketing'].includes(group),
    );
    expect(emailMarketing.length).toBe(15);
    for (const { contract } of emailMarketing) {
      expect(permissionOf(contract)).toBe(PAGES.email_campaigns.permission);
      expect('tag' in contract && contract.tag).toEqual(PAGES.email_campaigns.tags);
    }
    const pb = API.personalized.pbToken;
    expect(pb.permission).toBe(PAGES.personalized_home.permission);
    expect(pb.tag).toEqual(PAGES.personalized_home.tags);
  });

  it('keeps writes of the seller’s storage and settings behind a real permission', () => {
    expect(API.shell.survey.permission).toBe('update_payments');
    expect(API.uploads.preSignedUrl.permission).toBe('update_campaign');
    expect(API.uploads.upload.permission).toBe('update_campaign');
    expect(API.uploads.publicPreSignedUrl.permission).toBe('update_campaign');
    expect(API.storeSettings.couponConfig.permission).toBe('update_campaign');
    const anyMember = routes
      .filter(({ contract }) => isMember(contract) && contract.permission === ANY_MEMBER)
      .map(({ group, name }) => `${group}.${name}`);
    // Reading the platform catalog, the shell's notifications, the person's own account and
    // the seller's API keys (these last for sessions only: a key cannot manage keys), and the
    // seller's stores (the Storefronts pages are open to every member; changes need update_campaign),
    // feature requests (shared by every seller; statuses are set by operators only), the
    // stock base costs (their page is open to every member, spec §6 names no permission), and
    // reading product reviews and search keywords (open pages; moderating needs update_campaign).
    // The account group is the person's own account; general settings are refused to team
    // members in the handler (spec §6 hides General Settings from them).
    expect(anyMember.sort()).toEqual(
      [
        'account.changeEmail',
        'account.changePassword',
        'account.generalSettings',
        'account.sessions',
        'account.updateAvatar',
        'account.signOutEverywhere',
        'account.updateGeneralSettings',
        'account.updateProfile',
        // Operators (admin accounts, checked by the handler) ship orders.
        'adminOrders.byNumber',
        'adminOrders.production',
        'adminOrders.ship',
        // The designers' queue (the handler admits seller, designers and get_orders members).
        'senDesign.claim',
        'senDesign.file',
        'senDesign.handBack',
        'senDesign.list',
        'apiKeys.create',
        'apiKeys.list',
        // Email gateways: an owner settings page; team members are refused in the handler.
        'emailGateways.create',
        'emailGateways.list',
        'emailGateways.remove',
        'emailGateways.test',
        'emailGateways.update',
        // Payment gateways: the same, for sellers with custom payment.
        'paymentGateways.create',
        'paymentGateways.list',
        'paymentGateways.remove',
        'paymentGateways.setStore',
        'paymentGateways.setWebhookId',
        'apiKeys.revoke',
        'auth.logout',
        'auth.me',
        'auth.callbackHandover',
        'auth.loginAsSeller',
        'auth.resendVerification',
        'auth.tfaConfirm',
        'auth.tfaDisable',
        'auth.tfaEnable',
        'catalog.mockups',
        'catalog.productTemplate',
        'catalog.productTemplates',
        'featureRequests.comment',
        'featureRequests.create',
        'featureRequests.get',
        'featureRequests.list',
        'featureRequests.setStatus',
        'featureRequests.unvote',
        'featureRequests.vote',
        'moneyAdmin.adjustLedger',
        'moneyAdmin.approvePayout',
        'moneyAdmin.holdLedger',
        'moneyAdmin.payouts',
        'moneyAdmin.rejectPayout',
        'moneyAdmin.releaseLedger',
        'moneyAdmin.sellerTransactions',
        'moneyAdmin.setPaymentAccountStatus',
        // SEN points, check-in and contest pages are open to every member (spec §6);
        // contests are created by operators only (checked by the handler).
        'points.balance',
        'points.checkIn',
        'points.checkInMonth',
        'points.contest',
        'points.createContest',
        'pricing.stockBaseCosts',
        'productReviews.list',
        'productReviews.settings',
        // The Referral Program page is open to every member (spec §2 names no permission).
        // The Calendar page too; campaign events only for members who may read campaigns.
        'calendar.month',
        'referral.program',
        'referral.sellers',
        'searchKeywords.list',
        'shell.markAllNotificationsRead',
        'shell.notification',
        'shell.notifications',
        'shell.notificationsReadStatus',
        'shell.sellerUtmTrack',
        'social.identities',
        'social.unlink',
        'stores.get',
        'stores.list',
        'domains.list',
        'stores.sitemap',
        'stores.sitemapUrls',
        'storeContent.categories',
        'storeContent.page',
        'storeContent.pages',
        'storeContent.post',
        'storeContent.posts',
        'team.authorizedAccounts',
        'team.switchAccount',
        'team.switchBackAccount',
      ].sort(),
    );
  });

  it('finds the path prefix a group is registered under', () => {
    expect(groupPrefix(API.bulkV3)).toBe('/seller/campaign/bulk-v3');
    expect(groupPrefix(API.bulkRegular)).toBe('/seller/campaign/bulk');
    expect(groupPrefix(API.emailSenders)).toBe('/seller/email-marketing');
    expect(groupPrefix(API.marketing)).toBe('/seller');
    expect(groupPrefix(API.auth)).toBe('');
    expect(groupPrefix(API.images)).toBe('');
  });

  it('names the routes whose body may name uploaded files', () => {
    const flagged = routes
      .filter(({ contract }) => contract.uploadRefs)
      .map(({ group, name }) => `${group}.${name}`);
    expect(flagged.sort()).toEqual([
      'aiDesign.create',
      'bulkRegular.createCampaign',
      'bulkRegular.createJobs',
      'bulkRegular.saveDesigns',
      'bulkV3.createJob',
      'bulkV3.saveProcessedRow',
      'campaignExpress.launch',
      'campaigns.create',
      'campaigns.update',
      'customMockups.create',
      'customMockups.update',
      'senDesign.file',
    ]);
  });

  it('fills path parameters and finds the fixed part of a wildcard path', () => {
    expect(pathWith(API.campaigns.get.path, { id: 7 })).toBe('/seller/campaign/7');
    expect(pathWith(API.marketing.klaviyoSettings.path, { storeId: 'a b' })).toBe(
      '/seller/stores/a%20b/klaviyo',
    );
    expect(() => pathWith(API.campaigns.get.path, {})).toThrow(/Missing path parameter "id"/);
    expect(pathPrefix(API.uploads.blobPut)).toBe('/blob/');
    expect(pathPrefix(API.campaigns.list)).toBe('/seller/campaign');
  });
});

describe('the OpenAPI document', () => {
  const doc = openApiDocument({ title: 'Printloom API', version: 'test' }) as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  const operationOf = (contract: RouteContract) =>
    doc.paths[contract.path.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{path}')]?.[
      contract.method.toLowerCase()
    ];

  it('has an operation per route with its summary, permission and error answers', () => {
    for (const { group, name, contract } of routes) {
      const operation = operationOf(contract);
      expect(operation?.operationId, `${group}.${name}`).toBe(`${group}.${name}`);
      expect(operation?.summary).toBe(contract.summary);
      expect(operation?.['x-permission']).toBe(permissionOf(contract) ?? 'public');
      const responses = operation?.responses as Record<string, unknown>;
      expect(Object.keys(responses).sort()).toEqual(
        ['200', ...errorStatusesOf(contract).map(String)].sort(),
      );
    }
  });

  it('says in words who may call, and asks for the bearer token where a session is needed', () => {
    const list = operationOf(API.campaigns.list);
    expect(list?.description).toContain('Permission: `get_campaigns`.');
    expect(list?.security).toEqual([{ bearer: [] }]);
    expect(operationOf(API.auth.me)?.description).toContain('any member of the account');
    expect(operationOf(API.auth.sellerLogin)?.security).toEqual([]);
    expect(operationOf(API.emailSenders.list)?.description).toContain('`email marketing`');
  });

  it('derives the statuses a route can answer from its checks', () => {
    expect(errorStatusesOf(API.auth.sellerLogin)).toEqual([400, 401, 403, 429, 500]);
    expect(errorStatusesOf(API.auth.me)).toEqual([401, 500]);
    expect(errorStatusesOf(API.campaigns.get)).toEqual([400, 401, 403, 404, 500]);
    expect(errorStatusesOf(API.shell.version)).toEqual([500]);
  });

  it('documents the multipart upload and the raw answers', () => {
    const upload = operationOf(API.uploads.upload) as {
      requestBody: { content: Record<string, { schema: { required: string[] } }> };
    };
    expect(upload.requestBody.content['multipart/form-data']?.schema.required).toContain('file');
    const trace = operationOf(API.clientInfo.trace) as {
      responses: { 200: { content: Record<string, unknown> } };
    };
    expect(Object.keys(trace.responses[200].content)).toEqual(['text/plain']);
  });
});
