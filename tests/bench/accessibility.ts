/**
 * Accessibility figures: `npm run bench -w @printloom/tests` (after `npm run build`). Runs
 * axe-core on login, register, dashboard home, campaigns list and notifications, in light and
 * dark mode, at 1400 and 390 px, and prints the violations of each (rules and elements).
 * Target: 0 everywhere; `tests/e2e/speed-and-accessibility.test.ts` asserts it.
 */
import { chromium } from 'playwright-core';
import { AUDIT_MODES, AUDITED_PAGES, auditPage, describeViolations } from '../e2e/fixtures/axe.ts';
import { CHROMIUM_FLAGS, QUIET_DIALOGS_SCRIPT } from '../e2e/fixtures/browser.ts';
import { startServer } from '../e2e/fixtures/server.ts';

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_FLAGS,
});
try {
  const context = await browser.newContext({ baseURL: server.baseUrl });
  await context.addInitScript(QUIET_DIALOGS_SCRIPT);
  const page = await context.newPage();
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill('demo@printloom.test');
  await page.getByLabel('Password').fill('printloom-demo');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByTestId('user-dropdown').waitFor();
  const seller = await context.storageState();
  await context.close();

  console.log(
    'axe-core violations (rules / elements), default rule set (WCAG 2 A/AA + best practices)',
  );
  let total = 0;
  for (const mode of AUDIT_MODES) {
    for (const audited of AUDITED_PAGES) {
      const violations = await auditPage(browser, server.baseUrl, audited, mode, seller);
      const elements = violations.reduce((sum, v) => sum + v.nodes.length, 0);
      total += violations.length;
      console.log(
        `${audited.name.padEnd(14)} ${mode.theme.padEnd(5)} ${String(mode.width).padStart(4)} px  ${violations.length} rules / ${elements} elements`,
      );
      if (violations.length > 0)
        console.log(`  ${describeViolations(violations).replaceAll('\n', '\n  ')}`);
    }
  }
  console.log(`target: 0 violations everywhere: ${total === 0 ? 'met' : 'NOT met'}`);
} finally {
  await browser.close();
  await server.stop();
}
