/**
 * Campaign express in Chromium: the seller picks a template, adds one artwork and launches; the
 * open tab's bulk worker draws the campaign and the page shows it on sale with its links.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiClient } from '@printloom/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworkPng } from '../bulk/fixtures.js';
import { ACCOUNTS } from './fixtures/accounts.js';
import { launchBrowser, newContext } from './fixtures/browser.js';
import { LoginPage } from './fixtures/LoginPage.js';
import { sellerApi } from './fixtures/sellerApi.js';
import { type RunningServer, startServer } from './fixtures/server.js';

/** Artwork every demo server holds (the t-shirt template's print-area mask). */
const ART = '/files/s0/templates/tshirt/crop.png';
const LAUNCH_TIMEOUT_MS = 90_000;

let server: RunningServer;
let browser: Browser;
let api: ApiClient;
let home: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  api = (await sellerApi(server.baseUrl, ACCOUNTS.seller)).api;
  home = mkdtempSync(join(tmpdir(), 'printloom-express-'));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (home) rmSync(home, { recursive: true, force: true });
});

describe('campaign express (spec §2 /campaigns/express/*)', () => {
  it('launches a campaign from a template and one artwork, drawn by the open tab', async () => {
    // A template with a design, as one saved from a finished campaign.
    const source = await api.campaigns.create({
      body: { name: 'Express source', products: [{ template_id: 101 }] },
    });
    const productId = source.products[0]?.id;
    await api.campaigns.update({
      params: { id: source.id },
      body: { designs: [{ print_space: 'front', product_id: productId, file_url: ART }] },
    });
    await api.campaignTemplates.saveAsTemplate({
      params: { id: source.id },
      body: { name: 'Express tee template' },
    });
    const artwork = join(home, 'lucky-cat.png');
    writeFileSync(artwork, artworkPng(1800, 2100, 3));

    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await new LoginPage(page).loginAndWait(ACCOUNTS.seller);
    await page.goto('/campaigns/express');
    const templates = page.getByRole('group', { name: 'Templates' });
    await templates.getByRole('button', { name: /Express tee template/ }).click();
    await page.getByText(/print spaces front/).waitFor();
    await page.getByLabel('Artwork file').setInputFiles(artwork);
    await page.getByTestId('express-quality').waitFor();
    await page.getByLabel('Campaign name').fill('Lucky Cat Express');
    await page.getByLabel('Slug').fill('lucky-cat-express');
    await page.getByRole('button', { name: 'Launch' }).click();

    await page.getByRole('heading', { name: 'Lucky Cat Express' }).waitFor();
    const link = page.getByTestId('express-product-link');
    await link.waitFor({ timeout: LAUNCH_TIMEOUT_MS });
    expect(await page.getByTestId('express-stage').textContent()).toBe('Launched');
    expect(await link.getAttribute('href')).toMatch(/\/lucky-cat-express$/);

    const launchId = Number(new URL(page.url()).pathname.split('/').pop());
    const launch = await api.campaignExpress.get({ params: { id: launchId } });
    expect(launch.campaign_id).not.toBeNull();
    const campaign = await api.campaigns.get({ params: { id: launch.campaign_id ?? 0 } });
    expect(campaign).toMatchObject({
      status: 'active',
      product_type: 'campaign_express',
      slug: 'lucky-cat-express',
    });
    // Drawn by the tab under the new campaign: its design from the artwork, and a mockup.
    expect(campaign.products[0]?.designs[0]?.file_url).toMatch(
      new RegExp(`^/files/s\\d+/d/${campaign.id}/[^/]+\\.png$`),
    );
    expect(campaign.products[0]?.mockups?.[0]?.file_url).toMatch(
      new RegExp(`^/files/s\\d+/p/${campaign.id}/[^/]+\\.jpg$`),
    );
    await context.close();
  }, 180_000);
});
