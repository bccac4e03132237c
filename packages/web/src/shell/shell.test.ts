import { QUICK_NAV_TARGETS } from '@printloom/core';
import { describe, expect, it } from 'vitest';
import { domainInfo } from '../env/domain.js';
import { toastDuration } from '../toast/toastStore.js';
import { alertType } from './alertType.js';
import { isChunkLoadError, shouldReloadForChunk } from './chunkReload.js';
import { resumeIndex, shouldStartTour, TOUR_STEPS, tourStepsFor } from './productTour.js';
import { quickNavOptions } from './quickNav.js';
import { isHardReloadKey } from './useHardReloadKeys.js';
import { userMenu } from './userMenu.js';
import { isNewVersion } from './versionNotice.js';
import { createWorkerStore } from './workerStore.js';

describe('user dropdown (spec §2)', () => {
  it('gives a seller Balance, SMS credits, Switch Account and /settings/account', () => {
    const menu = userMenu({ roles: [] }, 0);
    expect(menu).toMatchObject({
      roleLabel: 'Seller',
      showBalance: true,
      showBalance2: false,
      showSmsWidget: true,
      accountPath: '/settings/account',
      showBackToMyAccount: false,
      showSwitchAccount: true,
    });
    expect(userMenu({ roles: [] }, 12.5).showBalance2).toBe(true);
  });

  it('gives a designer the Designer label, /account and no SMS widget', () => {
    const menu = userMenu({ roles: ['designer'] }, 0);
    expect(menu.roleLabel).toBe('Designer');
    expect(menu.accountPath).toBe('/account');
    expect(menu.showSmsWidget).toBe(false);
  });

  it('gives a team account Back To My Account, and Balance only with get_payments', () => {
    const team = userMenu({ roles: ['manager'], permissions: ['get_orders'] }, 5);
    expect(team.showBackToMyAccount).toBe(true);
    expect(team.showSwitchAccount).toBe(false);
    expect(team.showBalance).toBe(false);
    expect(team.showBalance2).toBe(false);
    expect(userMenu({ roles: ['manager'], permissions: ['get_payments'] }, 0).showBalance).toBe(
      true,
    );
    expect(userMenu({ roles: ['manager'], access_user: 1 }, 0).showBackToMyAccount).toBe(false);
  });
});

describe('shell rules', () => {
  it('lists every quick-navigation target of spec §2 with a label', () => {
    // A seller with every feature tag and custom payment may open every target of the spec;
    // with the bulk capability closed, Bulk campaigns (listed besides them) is left out.
    const everyFeature = {
      roles: [],
      tags: ['pricing', 'pb', 'email marketing'],
      custom_payment: true,
    };
    const options = quickNavOptions(everyFeature, { bulkV3: false });
    const spec = options.filter((option) => QUICK_NAV_TARGETS.includes(option.path));
    expect(spec.map((option) => option.path)).toEqual([...QUICK_NAV_TARGETS]);
    expect(spec.length).toBe(30);
    expect(options.some((option) => option.path === '/bulk-campaigns')).toBe(false);
    expect(options.find((option) => option.path === '/orders')?.label).toBe('Orders › All Orders');
    expect(options.every((option) => option.label !== option.path)).toBe(true);
  });

  it('falls back to info for unknown alert types', () => {
    expect(alertType('danger')).toBe('danger');
    expect(alertType('fancy')).toBe('info');
    expect(alertType(undefined)).toBe('info');
  });

  it('keeps error toasts 500 ms per item and never under 3000 ms', () => {
    expect(toastDuration(1)).toBe(3000);
    expect(toastDuration(10)).toBe(5000);
    expect(toastDuration(1, 5000)).toBe(5000);
  });

  it('reloads for a missing chunk at most once per 60 s', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(shouldReloadForChunk(null, 1000)).toBe(true);
    expect(shouldReloadForChunk(1000, 60_999)).toBe(false);
    expect(shouldReloadForChunk(1000, 61_000)).toBe(true);
  });

  it('shows the version notice only on a change, never after a failed poll', () => {
    expect(isNewVersion('a', 'a')).toBe(false);
    expect(isNewVersion('a', 'b')).toBe(true);
    expect(isNewVersion('a', null)).toBe(false);
    expect(isNewVersion(null, 'b')).toBe(false);
  });

  it('hard-reloads on Shift+F5 and Ctrl+Shift+R only', () => {
    const key = (
      key: string,
      mods: Partial<Record<'shiftKey' | 'ctrlKey' | 'metaKey', boolean>>,
    ) => ({
      key,
      shiftKey: false,
      ctrlKey: false,
      metaKey: false,
      ...mods,
    });
    expect(isHardReloadKey(key('F5', { shiftKey: true }))).toBe(true);
    expect(isHardReloadKey(key('R', { shiftKey: true, ctrlKey: true }))).toBe(true);
    expect(isHardReloadKey(key('F5', {}))).toBe(false);
    expect(isHardReloadKey(key('r', { ctrlKey: true }))).toBe(false);
  });

  it('tells fulfillment hosts and the seller center apart', () => {
    expect(domainInfo('fulfill.printloom.test', null)).toMatchObject({
      isFulfillmentDomain: true,
      isCustomPaymentDomain: false,
    });
    expect(domainInfo('center.test', 'https://center.test').isCustomPaymentDomain).toBe(true);
    expect(() => domainInfo('a.test', 'not a url')).toThrow('VITE_SELLER_CENTER_URL');
  });

  it('feeds the worker panel through subscribe and getSnapshot', () => {
    const store = createWorkerStore();
    let calls = 0;
    const stop = store.subscribe(() => calls++);
    const row = {
      id: 'w1',
      name: 'Multi-space',
      status: 'apply design',
      recordId: 5,
      templateId: 9,
      lastError: null,
    };
    store.setWorker(row);
    store.setWorker({ ...row, status: 'waiting', lastError: 'Designs is invalid' });
    expect(store.getSnapshot().workers).toEqual([
      { ...row, status: 'waiting', lastError: 'Designs is invalid' },
    ]);
    const before = store.getSnapshot();
    store.removeWorker('w1');
    expect(store.getSnapshot()).not.toBe(before);
    stop();
    store.setWorker(row);
    expect(calls).toBe(3);
  });
});

describe('product tour (spec §2, §4)', () => {
  it('starts only after the survey, with the getting-started panel, unless disabled', () => {
    expect(
      shouldStartTour({ surveyClosed: true, gettingStartedShown: true, disabled: false }),
    ).toBe(true);
    expect(
      shouldStartTour({ surveyClosed: false, gettingStartedShown: true, disabled: false }),
    ).toBe(false);
    expect(
      shouldStartTour({ surveyClosed: true, gettingStartedShown: false, disabled: false }),
    ).toBe(false);
    expect(shouldStartTour({ surveyClosed: true, gettingStartedShown: true, disabled: true })).toBe(
      false,
    );
  });

  it('teaches only built pages, each step but the greeting and finish at a real control', () => {
    expect(TOUR_STEPS[0]?.id).toBe('greeting');
    expect(TOUR_STEPS.at(-1)).toMatchObject({ id: 'finish', route: '/' });
    // A store first, then campaigns one at a time and in bulk, then the orders they bring.
    expect([...new Set(TOUR_STEPS.map((step) => step.route))]).toEqual([
      '/',
      '/storefronts',
      '/campaigns',
      '/campaigns/edit',
      '/bulk-campaigns',
      '/orders',
    ]);
    for (const step of TOUR_STEPS.slice(1, -1)) expect(step.target).toBeTruthy();
  });

  it("leaves out the steps whose page the user's menu does not offer", () => {
    const all = tourStepsFor(new Set(['/storefronts', '/campaigns', '/bulk-campaigns', '/orders']));
    expect(all).toHaveLength(TOUR_STEPS.length);
    const noBulk = tourStepsFor(new Set(['/campaigns']));
    expect(noBulk.map((step) => step.route)).not.toContain('/bulk-campaigns');
    expect(tourStepsFor(new Set()).map((step) => step.id)).toEqual(['greeting', 'finish']);
  });

  it('resumes at the stored step', () => {
    expect(resumeIndex(null)).toBe(0);
    expect(resumeIndex('bulk-import')).toBe(7);
    expect(resumeIndex('bulk-import', tourStepsFor(new Set(['/campaigns'])))).toBe(0);
    expect(resumeIndex('gone')).toBe(0);
  });
});
