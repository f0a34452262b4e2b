import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env.ts';

/** A log in the API's format (pino's JSON lines on standard output) for the parts that run outside Fastify. */
export function processLog(env: Pick<Env, 'LOG_LEVEL'>, name: string): FastifyBaseLogger {
  return pino({ level: env.LOG_LEVEL, name });
}
