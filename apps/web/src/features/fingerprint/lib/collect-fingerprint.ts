import type { TFingerprintPayload } from '@lc/shared/contracts/fingerprint';

type Components = Record<string, { value?: unknown; error?: unknown } | undefined>;

function componentValue(components: Components, name: string): unknown {
  const component = components[name];
  return component && 'value' in component ? component.value : undefined;
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function joined(value: unknown): string {
  return Array.isArray(value) ? value.flat().map(text).join(',') : '';
}

/** Turns fingerprintjs components into the spec's payload; a missing component becomes ''. */
export function toFingerprintPayload(result: {
  visitorId: string;
  version: string;
  components: Components;
}): TFingerprintPayload {
  const { components } = result;
  const screen = componentValue(components, 'screenResolution');
  const plugins = componentValue(components, 'plugins');
  const webGl = componentValue(components, 'webGlBasics');
  const gl = typeof webGl === 'object' && webGl !== null ? (webGl as Record<string, unknown>) : {};
  return {
    screen: Array.isArray(screen) && screen.length === 2 ? `${text(screen[0])}x${text(screen[1])}` : '',
    version: result.version,
    timezone: text(componentValue(components, 'timezone')),
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    plugins: Array.isArray(plugins)
      ? plugins.map((plugin: { name?: unknown }) => text(plugin?.name)).join(',')
      : '',
    audio: text(componentValue(components, 'audio')),
    platform: text(componentValue(components, 'platform')),
    fingerprint: result.visitorId,
    memory: text(componentValue(components, 'deviceMemory')),
    fonts: joined(componentValue(components, 'fonts')),
    languages: joined(componentValue(components, 'languages')),
    hardwareConcurrency: text(componentValue(components, 'hardwareConcurrency')),
    vendor: text(componentValue(components, 'vendor')),
    webGL: {
      version: text(gl.version),
      vendor: text(gl.vendor),
      vendorUnmasked: text(gl.vendorUnmasked),
      renderer: text(gl.renderer),
      rendererUnmasked: text(gl.rendererUnmasked),
      shadingLanguageVersion: text(gl.shadingLanguageVersion),
    },
  };
}

let pending: Promise<TFingerprintPayload> | null = null;

/** Collects the device fingerprint once per page; the library is loaded on demand to keep it out of `/`. */
export function collectFingerprint(): Promise<TFingerprintPayload> {
  pending ??= import('@fingerprintjs/fingerprintjs')
    .then((FingerprintJS) => FingerprintJS.load())
    .then((agent) => agent.get())
    .then((result) => toFingerprintPayload({ ...result, components: result.components as Components }))
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}
