import type { Db } from '../../db/client';
import { type PlayerNoteRow, playerNotes } from '../../db/schema/player-notes';
import type { OpsActor } from '../../plugins/ops-auth';
import { staffIdOf } from '../../plugins/ops-auth';
import { type AuditScope, recordAudit } from '../ops/record-audit';

/** A staff note on a player (support+), with its audit entry in the same transaction. */
export async function addPlayerNote(
  db: Db,
  input: { agencyId: string; playerId: string; text: string; caller: OpsActor; scope: AuditScope; now: Date },
): Promise<PlayerNoteRow> {
  return db.transaction(async (tx) => {
    const [note] = await tx
      .insert(playerNotes)
      .values({
        agencyId: input.agencyId,
        playerId: input.playerId,
        staffId: staffIdOf(input.caller),
        author: input.caller.name,
        text: input.text,
        createdAt: input.now,
      })
      .returning();
    if (!note) throw new Error('note insert returned nothing');
    await recordAudit(tx, {
      actor: input.caller.name,
      scope: input.scope,
      action: 'player.note',
      target: `player:${input.playerId}`,
      after: { note: note.id, text: note.text },
      at: input.now,
    });
    return note;
  });
}
