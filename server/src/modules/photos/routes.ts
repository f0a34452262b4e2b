import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { STORED_NAME } from '../../storage/images.ts';
import { photoVisibility } from './service.ts';

/**
 * GET /uploads/<stored name>: a photo, to whoever may see what it belongs to. A refused or
 * unknown photo is the same 404, so a private one cannot be told from one that does not exist.
 */
export function photoRoutes(app: FastifyInstance, { db, images }: AppContext): void {
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    // Until the answer says otherwise, nothing here is kept: a 404 may turn into a photo once shared.
    reply.header('cache-control', 'no-store');
    const { name } = request.params;
    if (!STORED_NAME.test(name)) throw photoNotFound();
    const visibility = await photoVisibility(db, name, request.user);
    const file = visibility && (await images.open(name));
    if (!file) throw photoNotFound();
    // A public photo may be kept but is asked for again each time, so unsharing takes effect at once.
    const etag = `W/"${file.size.toString(16)}-${file.modifiedAt.getTime().toString(16)}"`;
    reply
      .header('cache-control', visibility === 'public' ? 'no-cache' : 'no-store')
      .header('etag', etag)
      .header('last-modified', file.modifiedAt.toUTCString());
    if (matchesEtag(request.headers['if-none-match'], etag)) {
      file.body.destroy();
      return reply.status(304).send();
    }
    return reply.type(file.mimeType).header('content-length', file.size).send(file.body);
  });
}

const photoNotFound = () => notFound('That photo');

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim() === etag);
}
