import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type StaffRow, staff } from '../../db/schema/staff';
import { AppError } from '../../lib/app-error';

/** A staff member of the agency by id (locked when `forUpdate`); another agency's or unknown → 404. */
export async function findStaff(
  db: DbOrTx,
  agencyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<StaffRow> {
  const query = db
    .select()
    .from(staff)
    .where(and(eq(staff.id, id), eq(staff.agencyId, agencyId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError(404, 'NOT_FOUND', 'No such staff member');
  return row;
}

/** The agency's staff, by username. */
export function listStaff(db: DbOrTx, agencyId: string): Promise<StaffRow[]> {
  return db.select().from(staff).where(eq(staff.agencyId, agencyId)).orderBy(asc(staff.username));
}
