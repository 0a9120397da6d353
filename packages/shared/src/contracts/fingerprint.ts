import { z } from 'zod';

const str = z.string().max(2000);

/** The spec's fingerprint payload (section 3). Lists are comma-joined strings. */
export const ZFingerprintPayload = z.object({
  screen: str,
  version: str,
  timezone: str,
  userAgent: str,
  plugins: str,
  audio: str,
  platform: str,
  fingerprint: z.string().min(1).max(128),
  memory: str,
  fonts: z.string().max(8000),
  languages: str,
  hardwareConcurrency: str,
  vendor: str,
  webGL: z.object({
    version: str,
    vendor: str,
    vendorUnmasked: str,
    renderer: str,
    rendererUnmasked: str,
    shadingLanguageVersion: str,
  }),
});
export type TFingerprintPayload = z.infer<typeof ZFingerprintPayload>;

export const ZFingerprintRequest = z.object({ fingerprint: ZFingerprintPayload });
export type TFingerprintRequest = z.infer<typeof ZFingerprintRequest>;
