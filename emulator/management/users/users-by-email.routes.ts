/** Management API: GET /api/v2/users-by-email (exact, case-insensitive e-mail match, every connection). */
import { badRequest } from '../../core/errors';
import { fieldsProjection } from '../../core/paging';
import type { RoutesModule } from '../../core/types';
import { publicUser } from '../../core/users';

export const registerUsersByEmailRoutes: RoutesModule = (routes) => {
  routes.management('GET', '/api/v2/users-by-email', ['read:users'], (ctx) => {
    const email = ctx.query.str('email');
    if (!email) throw badRequest(`Query validation error: 'Missing required property: email'`, 'invalid_query_string');
    const project = fieldsProjection(ctx.query);
    return ctx.tenant.state.users.findBy('email', email.toLowerCase()).map((user) => project(publicUser(user)));
  });
};
