import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changePasswordSchema, updateEmailSchema } from '@gradelens/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../http/parse.ts';
import { currentUser, signedIn } from '../../http/session.ts';
import { presentCurrentUser } from '../accounts/presenter.ts';
import { consumeAttempt } from '../rate-limit/service.ts';
import { changeEmail } from './email-change.ts';
import { changePassword, listLedger, replaceProfilePicture } from './service.ts';

export function profileRoutes(app: FastifyInstance, { db, env, images, mailer }: AppContext): void {
  const window = env.AUTH_RATE_LIMIT_WINDOW_SECONDS;

  app.post('/users/profile-picture', { preHandler: signedIn }, async (request) => {
    const upload = await readSingleFile(request, 'profileImage');
    const updated = await replaceProfilePicture(db, images, currentUser(request), upload);
    return presentCurrentUser(updated);
  });

  app.patch('/users/email', { preHandler: signedIn }, async (request) => {
    const input = parseInput(updateEmailSchema, request.body);
    const user = currentUser(request);
    // Counted before the password check and before the 409 that tells a taken email: guessing
    // the password or probing which emails have accounts costs attempts.
    await consumeAttempt(db, [
      { key: `change-email:account:${user.id}`, max: env.AUTH_RATE_LIMIT_PER_ACCOUNT, windowSeconds: window },
      { key: `change-email:ip:${request.ip}`, max: env.AUTH_RATE_LIMIT_PER_IP, windowSeconds: window },
    ]);
    const changed = await changeEmail(db, mailer, user, input, {
      keepSessionToken: request.sessionToken,
      publicUrl: env.PUBLIC_URL,
    });
    // Not awaited: the email is changed; a slow or failing mail server must not turn that into an error.
    changed.notice.catch((error: unknown) => request.log.error({ err: error }, 'email change notice failed'));
    return presentCurrentUser(changed.user);
  });

  app.post('/change-password', { preHandler: signedIn }, async (request) => {
    const input = parseInput(changePasswordSchema, request.body);
    const user = currentUser(request);
    await consumeAttempt(db, [
      { key: `change-password:account:${user.id}`, max: env.AUTH_RATE_LIMIT_PER_ACCOUNT, windowSeconds: window },
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
  throw new AppError('VALIDATION', 'Choose an image file to upload.', {
    fields: { [field]: 'Choose an image file to upload.' },
  });
}
