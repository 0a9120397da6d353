import type { Locator } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The text of the QR code an element shows, read from a screenshot of it as a phone camera would. */
export async function readQrFromScreen(element: Locator): Promise<string> {
  const png = PNG.sync.read(await element.screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error('no QR code could be read from the screen');
  return code.data;
}
