import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawJson } from '../../lib/raw-json';
import { SandboxError } from '../providers/sandbox-http';
import { sendWithFault } from '../providers/with-fault';
import { writeAggregatorJson } from './fundtransfer-json';

// The sandbox aggregator answers like the aggregator: every answer of its API is a JSON object with `errCode`
// ("0" = success) and `errMsg` in an HTTP 200; only what stands in front of it (a fault, a crash, a path it
// does not serve) answers an HTTP error, as an HTML page.

/** The fields of one answer, errCode and errMsg included. */
export type AggregatorAnswer = { errCode: string; errMsg: string } & { [field: string]: RawJson };

/** A refusal in the aggregator's terms: answered as `{errCode, errMsg}` in a 200. */
export class AggregatorRefusal extends Error {
  override readonly name = 'AggregatorRefusal';

  constructor(
    readonly errCode: string,
    readonly errMsg: string,
  ) {
    super(`${errCode} ${errMsg}`);
  }
}

export const success = (fields: { [field: string]: RawJson } = {}): AggregatorAnswer => ({
  errCode: '0',
  errMsg: 'SUCCESS',
  ...fields,
});

const page = (status: number) =>
  `<!doctype html><html><head><title>${status}</title></head><body><h1>HTTP Error ${status}</h1></body></html>`;

/** Sets up the sandbox aggregator's encapsulated scope: HTML error pages for what is not an API answer. */
export function useAggregatorHttp(scope: FastifyInstance): void {
  scope.setErrorHandler(
    (error: FastifyError | SandboxError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof SandboxError)
        return reply.code(error.status).type('text/html').send(page(error.status));
      request.log.error({ err: error }, 'sandbox aggregator error');
      return reply.code(500).type('text/html').send(page(500));
    },
  );
  scope.setNotFoundHandler((_request, reply) => reply.code(404).type('text/html').send(page(404)));
}

/**
 * Answers `operation` as the aggregator's JSON; with `isFaulty` it runs under the `providers` faults of
 * SANDBOX_FAULTS (an error page, a stall, a dropped answer) like the sandbox providers' money calls.
 */
export async function answerAggregator(
  request: FastifyRequest,
  reply: FastifyReply,
  operation: () => Promise<AggregatorAnswer>,
  isFaulty: boolean,
): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  const run = async () => {
    try {
      return writeAggregatorJson(await operation());
    } catch (error) {
      if (!(error instanceof AggregatorRefusal)) throw error;
      return writeAggregatorJson({ errCode: error.errCode, errMsg: error.errMsg });
    }
  };
  if (!isFaulty) return reply.send(await run());
  return sendWithFault(request, reply, run);
}
