import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { qrCodeRoutes, qrSheetRoutes } from './qr-routes.ts';
import { previewRoutes, schedulingRoutes } from './scheduling-routes.ts';
import { singleTableRoutes, tableListRoutes } from './table-routes.ts';
import { zoneRoutes } from './zone-routes.ts';

/**
 * Tables, zones, menu schedules, the owner's preview and QR codes: registered inside clubScope. The
 * order is the OpenAPI document's order of paths, which clients and diffs of the document rely on.
 */
export const tableRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(tableListRoutes);
  await app.register(qrSheetRoutes);
  await app.register(singleTableRoutes);
  await app.register(qrCodeRoutes);
  await app.register(previewRoutes);
  await app.register(zoneRoutes);
  await app.register(schedulingRoutes);
};
