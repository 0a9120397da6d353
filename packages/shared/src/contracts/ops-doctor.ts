import { z } from 'zod';

/**
 * GET /api/ops/v1/doctor (OPS token): whether the deployment is ready to take real money, one check per piece;
 * `agency` is null for what the whole deployment shares (migrations, production settings).
 */
export const ZDoctorCheck = z.object({
  agency: z.string().nullable(),
  name: z.string(),
  ok: z.boolean(),
  detail: z.string(),
});
export const ZDoctorResponse = z.object({ ready: z.boolean(), checks: z.array(ZDoctorCheck) });
export type TDoctorCheck = z.infer<typeof ZDoctorCheck>;
export type TDoctorResponse = z.infer<typeof ZDoctorResponse>;
