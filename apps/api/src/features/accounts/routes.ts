import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticatorRoutes } from './authenticator-routes.ts';
import { meRoutes } from './me-routes.ts';
import { passwordRoutes } from './password-routes.ts';
import { sessionRoutes } from './session-routes.ts';
import { signUpRoutes } from './sign-up-routes.ts';

/** Every /users..., /login and /logout route, one file per resource; registered in this order. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(authenticatorRoutes);
  await app.register(signUpRoutes);
  await app.register(sessionRoutes);
  await app.register(passwordRoutes);
  await app.register(meRoutes);
};
