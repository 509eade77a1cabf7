import type { TestProject } from 'vitest/node';
import { startedDataFolder } from './product';

/**
 * Vitest's global setup of the browser suite: the product is started once on an empty folder and
 * stopped (migrations, demo restaurant, admin), and each file's product starts on a copy of that
 * folder instead of doing all of it again. Removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const data = await startedDataFolder();
  project.provide('stolikProductData', data.folder);
  return data.remove;
}
