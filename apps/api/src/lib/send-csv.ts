import type { FastifyReply } from 'fastify';

/** Answers a CSV download (what a back-office table's filter shows). */
export function sendCsv(reply: FastifyReply, filename: string, csv: string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(csv);
}
