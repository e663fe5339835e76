import { rmSync } from 'node:fs';

/**
 * Removes a test's folder. A deck stopped a moment ago may still be writing its state there as it
 * exits (a file made between the removal's listing and its rmdir: ENOTEMPTY), so the removal tries again.
 */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
}
