// A club's people (docs/product.md, Staff and roles): `memberRoutes` is registered inside clubScope (the
// owner's side), `invitationRoutes` beside the account routes (the invitee's side).
export { invitationRoutes } from './invitation-routes.ts';
export { memberRoutes } from './member-routes.ts';
