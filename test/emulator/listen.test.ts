import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator';

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('listeners', () => {
  it('port 0 picks two free ports; URLs have no path', async () => {
    const emu = await startEmulator({});
    try {
      expect(emu.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(emu.seoBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(emu.baseUrl).not.toBe(emu.seoBaseUrl);
    } finally {
      await emu.close();
    }
  });

  it('takes given ports, and fails cleanly when one is taken', async () => {
    const port = await freePort();
    const emu = await startEmulator({ port });
    try {
      expect(emu.baseUrl).toBe(`http://127.0.0.1:${port}`);
      await expect(startEmulator({ seoPort: port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await emu.close();
    }
  });

  it('on a wildcard address, advertises loopback', async () => {
    const emu = await startEmulator({ hostname: '0.0.0.0' });
    try {
      expect(emu.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${emu.baseUrl}/login`)).status).toBe(200);
    } finally {
      await emu.close();
    }
  });

  it('close is idempotent', async () => {
    const emu = await startEmulator({});
    await Promise.all([emu.close(), emu.close()]);
    await emu.close();
    await expect(fetch(`${emu.baseUrl}/login`)).rejects.toThrow();
  });
});
