import type { TestProject } from 'vitest/node';
import { startSharedChromium } from './browser';
import { startedDataFolder } from './product';

/**
 * Vitest's global setup of the browser suite:
 * - the product is started once on an empty folder and stopped (migrations, demo restaurant,
 *   admin), and each file's product starts on a copy of that folder instead of doing all of it
 *   again;
 * - one Chromium is started, and each file's browsers are contexts of it (`launchBrowser`).
 * Both are removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [data, browser] = await Promise.all([startedDataFolder(), startSharedChromium()]);
  project.provide('stolikProductData', data.folder);
  project.provide('stolikChromiumEndpoint', browser.endpoint);
  return async () => {
    await browser.stop();
    data.remove();
  };
}
