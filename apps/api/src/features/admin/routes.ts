import {
  AdminBrandParamsSchema,
  AdminBrandSchema,
  AdminClubPageSchema,
  AdminClubParamsSchema,
  AdminClubSchema,
  AdminClubsQuerySchema,
  AuditPageQuerySchema,
  AuditPageSchema,
  ClubMessageRequestSchema,
  CreateBrandRequestSchema,
  UpdateAdminClubRequestSchema,
  UpdateBrandRequestSchema,
} from '@carta/contract/admin';
import { ErrorResponseSchema } from '@carta/contract/errors';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { accounts, addresses, auditLog, brands, clubMessages, clubs } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { callerOf } from '../../plugins/auth.ts';
import { activateClub } from '../clubs/create-club.ts';
import { clubState } from '../clubs/plan.ts';
import { clubDisabledEmail } from '../mail/templates.ts';
import { writeAudit } from './audit.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
const security = [{ bearerAuth: [] }];

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

const FILTERS: Record<string, SQL | undefined> = {
  waiting: eq(clubs.status, 'pending'),
  active: eq(clubs.status, 'active'),
  disabled: eq(clubs.status, 'suspended'),
  all: undefined,
};

/** Clubs as the console lists them; `where` narrows. */
const selectAdminClubs = (db: Database, where: SQL | undefined) =>
  db
    .select({
      club: clubs,
      city: addresses.city,
      country: addresses.country,
      owner: {
        id: accounts.id,
        name: accounts.name,
        lastName: accounts.lastName,
        email: accounts.email,
        phone: accounts.phone,
      },
      brand: { id: brands.id, name: brands.name, enabled: brands.enabled },
      message: {
        id: clubMessages.id,
        severity: clubMessages.severity,
        summary: clubMessages.summary,
        fullMessage: clubMessages.fullMessage,
      },
    })
    .from(clubs)
    .innerJoin(accounts, eq(accounts.id, clubs.ownerId))
    .innerJoin(addresses, eq(addresses.id, clubs.addressId))
    .leftJoin(brands, eq(brands.id, clubs.brandId))
    .leftJoin(clubMessages, eq(clubMessages.clubId, clubs.id))
    .where(where);

type AdminClubRow = Awaited<ReturnType<typeof selectAdminClubs>>[number];
const toAdminClub = ({ club, ...row }: AdminClubRow) => ({
  id: club.id,
  name: club.name,
  city: row.city,
  country: row.country,
  state: clubState(club),
  freeForever: club.freeForever,
  brand: row.brand,
  owner: row.owner,
  message: row.message,
  createdAt: club.createdAt.toISOString(),
});

/** /admin/...: accounts with the admin flag only (401 without a token, 403 for everyone else). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', async (request) => {
    if (!callerOf(request).isAdmin) throw new AppError(403, 'FORBIDDEN');
  });

  const loadAdminClub = async (db: Database, clubId: number) => {
    const [row] = await selectAdminClubs(db, eq(clubs.id, clubId));
    if (!row) throw notFound();
    return toAdminClub(row);
  };

  app.get(
    '/clubs',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Clubs: waiting for activation, active, disabled or all; search by club, city, owner or phone',
        security,
        querystring: AdminClubsQuerySchema,
        response: { 200: AdminClubPageSchema, ...errors },
      },
    },
    async (request) => {
      const { filter, search, page, pageSize } = request.query;
      const pattern = search ? `%${escapeLike(search)}%` : undefined;
      const where = and(
        FILTERS[filter],
        pattern
          ? or(
              ilike(clubs.name, pattern),
              ilike(addresses.city, pattern),
              ilike(accounts.name, pattern),
              ilike(accounts.lastName, pattern),
              ilike(accounts.email, pattern),
              ilike(accounts.phone, pattern),
            )
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        selectAdminClubs(app.db, where)
          // Waiting clubs first, oldest first: that is the queue to work through.
          .orderBy(sql`${clubs.status} = 'pending' desc`, asc(clubs.createdAt), asc(clubs.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        app.db
          .select({ value: count() })
          .from(clubs)
          .innerJoin(accounts, eq(accounts.id, clubs.ownerId))
          .innerJoin(addresses, eq(addresses.id, clubs.addressId))
          .where(where),
      ]);
      return { clubs: rows.map(toAdminClub), total: total?.value ?? 0, page, pageSize };
    },
  );

  app.post(
    '/clubs/:clubId/activate',
    {
      schema: {
        tags: ['admin'],
        summary: 'Activate a waiting club, or enable again one the platform disabled; the owner is emailed',
        security,
        params: AdminClubParamsSchema,
        response: { 200: AdminClubSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { clubId } = request.params;
      const { email, club } = await app.db.transaction(async (tx) => {
        const [current] = await tx.select().from(clubs).where(eq(clubs.id, clubId)).for('update');
        if (!current) throw notFound();
        if (current.status === 'active') throw new AppError(409, 'CONFLICT');
        let message: MailMessage | null = null;
        if (current.status === 'pending') {
          message = await activateClub(app, tx, clubId);
        } else {
          await tx.update(clubs).set({ status: 'active', updatedAt: new Date() }).where(eq(clubs.id, clubId));
        }
        await writeAudit(
          tx,
          caller.accountId,
          'club.activate',
          { type: 'club', id: clubId },
          { from: current.status },
        );
        return { email: message, club: await loadAdminClub(tx, clubId) };
      });
      if (email) await app.mailer.send(email);
      return club;
    },
  );

  app.post(
    '/clubs/:clubId/disable',
    {
      schema: {
        tags: ['admin'],
        summary: 'Disable a club for the platform (guests see it unavailable); the owner is emailed',
        security,
        params: AdminClubParamsSchema,
        response: { 200: AdminClubSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { clubId } = request.params;
      const { email, club } = await app.db.transaction(async (tx) => {
        const [current] = await tx
          .select({ status: clubs.status, name: clubs.name, owner: accounts })
          .from(clubs)
          .innerJoin(accounts, eq(accounts.id, clubs.ownerId))
          .where(eq(clubs.id, clubId))
          .for('update', { of: clubs });
        if (!current) throw notFound();
        if (current.status === 'suspended') throw new AppError(409, 'CONFLICT');
        await tx
          .update(clubs)
          .set({ status: 'suspended', updatedAt: new Date() })
          .where(eq(clubs.id, clubId));
        await writeAudit(
          tx,
          caller.accountId,
          'club.disable',
          { type: 'club', id: clubId },
          { from: current.status },
        );
        const { owner } = current;
        return {
          email: clubDisabledEmail(
            owner.language === 'en' ? 'en' : 'it',
            owner.email,
            owner.name,
            current.name,
            app.config.mail.supportEmail,
          ),
          club: await loadAdminClub(tx, clubId),
        };
      });
      await app.mailer.send(email);
      return club;
    },
  );

  app.patch(
    '/clubs/:clubId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set freeForever (early adopter: Smart, never billed)',
        security,
        params: AdminClubParamsSchema,
        body: UpdateAdminClubRequestSchema,
        response: { 200: AdminClubSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { clubId } = request.params;
      return app.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(clubs)
          .set({ freeForever: request.body.freeForever, updatedAt: new Date() })
          .where(eq(clubs.id, clubId))
          .returning({ id: clubs.id });
        if (!updated) throw notFound();
        await writeAudit(
          tx,
          caller.accountId,
          'club.freeForever',
          { type: 'club', id: clubId },
          request.body,
        );
        return loadAdminClub(tx, clubId);
      });
    },
  );

  app.put(
    '/clubs/:clubId/message',
    {
      schema: {
        tags: ['admin'],
        summary: "Write the club's message (replaces the one before)",
        security,
        params: AdminClubParamsSchema,
        body: ClubMessageRequestSchema,
        response: { 200: AdminClubSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { clubId } = request.params;
      return app.db.transaction(async (tx) => {
        const [club] = await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId));
        if (!club) throw notFound();
        // A new message gets a new id, so an owner who dismissed the last one sees this one.
        await tx.delete(clubMessages).where(eq(clubMessages.clubId, clubId));
        await tx.insert(clubMessages).values({ clubId, ...request.body });
        await writeAudit(tx, caller.accountId, 'club.message', { type: 'club', id: clubId }, request.body);
        return loadAdminClub(tx, clubId);
      });
    },
  );

  app.delete(
    '/clubs/:clubId/message',
    {
      schema: {
        tags: ['admin'],
        summary: "Clear the club's message",
        security,
        params: AdminClubParamsSchema,
        response: { 200: AdminClubSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { clubId } = request.params;
      return app.db.transaction(async (tx) => {
        const [club] = await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId));
        if (!club) throw notFound();
        await tx.delete(clubMessages).where(eq(clubMessages.clubId, clubId));
        await writeAudit(tx, caller.accountId, 'club.messageCleared', { type: 'club', id: clubId });
        return loadAdminClub(tx, clubId);
      });
    },
  );

  const brandsWithCounts = (db: Database, where?: SQL) =>
    db
      .select({ id: brands.id, name: brands.name, enabled: brands.enabled, clubs: count(clubs.id) })
      .from(brands)
      .leftJoin(clubs, eq(clubs.brandId, brands.id))
      .where(where)
      .groupBy(brands.id)
      .orderBy(asc(brands.name));

  app.get(
    '/brands',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every brand, enabled or not, with how many clubs work with it',
        security,
        response: { 200: z.array(AdminBrandSchema), ...errors },
      },
    },
    async () => brandsWithCounts(app.db),
  );

  app.post(
    '/brands',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a brand (enabled)',
        security,
        body: CreateBrandRequestSchema,
        response: { 201: AdminBrandSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      try {
        const brand = await app.db.transaction(async (tx) => {
          const [row] = await tx.insert(brands).values({ name: request.body.name }).returning();
          await writeAudit(
            tx,
            caller.accountId,
            'brand.create',
            { type: 'brand', id: row!.id },
            request.body,
          );
          const [created] = await brandsWithCounts(tx, eq(brands.id, row!.id));
          return created!;
        });
        return reply.status(201).send(brand);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError(409, 'CONFLICT', { issues: [{ path: 'body.name', key: 'errors.CONFLICT' }] });
        throw error;
      }
    },
  );

  app.patch(
    '/brands/:brandId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rename a brand, or enable or disable it (disabled brands are not offered at sign-up)',
        security,
        params: AdminBrandParamsSchema,
        body: UpdateBrandRequestSchema,
        response: { 200: AdminBrandSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { brandId } = request.params;
      try {
        return await app.db.transaction(async (tx) => {
          const [row] = await tx
            .update(brands)
            .set(request.body)
            .where(eq(brands.id, brandId))
            .returning({ id: brands.id });
          if (!row) throw notFound();
          await writeAudit(
            tx,
            caller.accountId,
            'brand.update',
            { type: 'brand', id: brandId },
            request.body,
          );
          const [updated] = await brandsWithCounts(tx, eq(brands.id, brandId));
          return updated!;
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError(409, 'CONFLICT', { issues: [{ path: 'body.name', key: 'errors.CONFLICT' }] });
        throw error;
      }
    },
  );

  app.get(
    '/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first',
        security,
        querystring: AuditPageQuerySchema,
        response: { 200: AuditPageSchema, ...errors },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const [rows, [total]] = await Promise.all([
        app.db
          .select({
            id: auditLog.id,
            actorName: accounts.name,
            actorLastName: accounts.lastName,
            action: auditLog.action,
            targetType: auditLog.targetType,
            targetId: auditLog.targetId,
            details: auditLog.details,
            createdAt: auditLog.createdAt,
          })
          .from(auditLog)
          .leftJoin(accounts, eq(accounts.id, auditLog.actorAccountId))
          .orderBy(desc(auditLog.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        app.db.select({ value: count() }).from(auditLog),
      ]);
      return {
        entries: rows.map(({ actorName, actorLastName, createdAt, details, ...row }) => ({
          ...row,
          actor: actorName ? `${actorName} ${actorLastName}` : null,
          details: (details ?? {}) as Record<string, unknown>,
          createdAt: createdAt.toISOString(),
        })),
        total: total?.value ?? 0,
      };
    },
  );
};
