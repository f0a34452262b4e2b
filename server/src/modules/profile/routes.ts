import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changePasswordSchema, updateEmailSchema } from '@gradelens/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../http/parse.ts';
import { currentUser, signedIn } from '../../http/session.ts';
import { presentCurrentUser } from '../accounts/presenter.ts';
import { consumeAttempt } from '../rate-limit/service.ts';
import { changePassword, listLedger, replaceProfilePicture, updateEmail } from './service.ts';

export function profileRoutes(app: FastifyInstance, { db, env, images }: AppContext): void {
  app.post('/users/profile-picture', { preHandler: signedIn }, async (request) => {
    const upload = await readSingleFile(request, 'profileImage');
    const updated = await replaceProfilePicture(db, images, currentUser(request), upload);
    return presentCurrentUser(updated);
  });

  app.patch('/users/email', { preHandler: signedIn }, async (request) => {
    const { email } = parseInput(updateEmailSchema, request.body);
    return presentCurrentUser(await updateEmail(db, currentUser(request), email));
  });

  app.post('/change-password', { preHandler: signedIn }, async (request) => {
    const input = parseInput(changePasswordSchema, request.body);
    const user = currentUser(request);
    await consumeAttempt(db, [
      { key: `change-password:account:${user.id}`, max: env.AUTH_RATE_LIMIT_PER_ACCOUNT, windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS },
    ]);
    await changePassword(db, user, input, request.sessionToken);
    return { message: 'Your password has been changed. Other devices have been signed out.' };
  });

  app.get('/my/points-ledger', { preHandler: signedIn }, async (request) => listLedger(db, currentUser(request).id));
}

/** The one file of a multipart request, read whole (the size limit is the multipart plugin's). */
export async function readSingleFile(request: FastifyRequest, field: string): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError('VALIDATION', `Send the image as multipart/form-data in the field "${field}".`);
  }
  let found: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    const data = await part.toBuffer();
    if (part.fieldname === field && data.length > 0) found ??= data;
  }
  if (found) return found;
  throw new AppError('VALIDATION', 'Choose an image file to upload.', { fields: { [field]: 'Choose an image file to upload.' } });
}
