import { describe, expect, it } from 'vitest';
import { toFingerprintPayload } from './collect-fingerprint';

describe('toFingerprintPayload', () => {
  it('maps components to the spec payload with joined lists and strings', () => {
    const payload = toFingerprintPayload({
      visitorId: 'v123',
      version: '5.2.0',
      components: {
        screenResolution: { value: [1920, 1080] },
        timezone: { value: 'Asia/Vientiane' },
        plugins: { value: [{ name: 'PDF Viewer' }, { name: 'Chrome PDF Viewer' }] },
        audio: { value: 124.04 },
        platform: { value: 'Linux x86_64' },
        deviceMemory: { value: 8 },
        fonts: { value: ['Arial', 'Noto Sans Lao'] },
        languages: { value: [['lo-LA'], ['en-US', 'en']] },
        hardwareConcurrency: { value: 4 },
        vendor: { value: 'Google Inc.' },
        webGlBasics: {
          value: {
            version: 'WebGL 1.0',
            vendor: 'WebKit',
            vendorUnmasked: 'Intel',
            renderer: 'WebKit WebGL',
            rendererUnmasked: 'Mesa',
            shadingLanguageVersion: 'WebGL GLSL ES 1.0',
          },
        },
      },
    });
    expect(payload).toMatchObject({
      screen: '1920x1080',
      version: '5.2.0',
      timezone: 'Asia/Vientiane',
      plugins: 'PDF Viewer,Chrome PDF Viewer',
      audio: '124.04',
      fingerprint: 'v123',
      memory: '8',
      fonts: 'Arial,Noto Sans Lao',
      languages: 'lo-LA,en-US,en',
      hardwareConcurrency: '4',
      vendor: 'Google Inc.',
      webGL: { vendorUnmasked: 'Intel', rendererUnmasked: 'Mesa' },
    });
  });

  it("uses '' for unavailable components", () => {
    const payload = toFingerprintPayload({
      visitorId: 'v',
      version: '5',
      components: { audio: { error: new Error('blocked') }, webGlBasics: { value: -1 } },
    });
    expect(payload.audio).toBe('');
    expect(payload.screen).toBe('');
    expect(payload.webGL.renderer).toBe('');
  });
});
