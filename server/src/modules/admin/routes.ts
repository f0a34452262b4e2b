import type { FastifyInstance } from 'fastify';
import {
  adminGradingsQuerySchema,
  gradeCorrectionSchema,
  type AdminUser,
  type GradeCorrectionEntry,
  adminUsersQuerySchema,
  pointsAdjustmentSchema,
  type AdminPage,
} from '@gradelens/shared';
import type { AppContext } from '../../context.ts';
import { idParams, parseInput } from '../../http/parse.ts';
import { adminOnly, currentUser } from '../../http/session.ts';
import { presentGrading } from '../gradings/presenter.ts';
import { adjustPoints, correctGrade, listCorrections, listUsers, searchGradings } from './service.ts';

/** Everything under /api/admin: 401 to guests, 403 to users (the adminOnly guard on each route). */
export function adminRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get('/admin/card-gradings', { preHandler: adminOnly }, async (request) => {
    const filters = parseInput(adminGradingsQuerySchema, request.query);
    const { rows, total } = await searchGradings(db, filters);
    const viewer = currentUser(request);
    return {
      items: rows.map((r) => presentGrading(r.grading, { viewer, ownerName: r.ownerName })),
      total,
      page: filters.page,
      pageSize: filters.pageSize,
    };
  });

  app.patch('/admin/card-gradings/:id/correct-grade', { preHandler: adminOnly }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const correction = parseInput(gradeCorrectionSchema, request.body);
    const viewer = currentUser(request);
    const updated = await correctGrade(db, { gradingId: id, adminId: viewer.id, correction });
    return presentGrading(updated, { viewer, withAnalysis: true });
  });

  app.get(
    '/admin/card-gradings/:id/corrections',
    { preHandler: adminOnly },
    async (request): Promise<GradeCorrectionEntry[]> => {
      const { id } = parseInput(idParams, request.params);
      return (await listCorrections(db, id)).map(({ correction, adminName }) => ({
        id: correction.id,
        adminId: correction.adminId,
        adminName,
        oldValues: correction.oldValues as Record<string, unknown>,
        newValues: correction.newValues as Record<string, unknown>,
        createdAt: correction.createdAt.toISOString(),
      }));
    },
  );

  app.get('/admin/users', { preHandler: adminOnly }, async (request): Promise<AdminPage<AdminUser>> => {
    const query = parseInput(adminUsersQuerySchema, request.query);
    const { rows, total } = await listUsers(db, query);
    return {
      items: rows.map((u) => ({ ...u, isAdmin: u.isAdmin === 1, createdAt: u.createdAt.toISOString() })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });

  // Points added or removed by hand, with the reason the user sees in their points history.
  app.post('/admin/users/:id/points', { preHandler: adminOnly }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { delta, reason } = parseInput(pointsAdjustmentSchema, request.body);
    const balance = await adjustPoints(db, { userId: id, adminId: currentUser(request).id, delta, reason });
    return { userId: id, points: balance };
  });
}
