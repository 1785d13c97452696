import type { FastifyInstance } from 'fastify';
import { cleanAddress, validateAddress } from '../../../machines/address';
import { badRequest } from '../../errors';
import { sessionOf } from '../../plugins/auth';
import { defineRoute } from '../define-route';
import { saveAddress, savedAddress } from './queries';

export async function addressRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, 'getAddress', {
    handler: async (request) => ({ address: await savedAddress(app.db, sessionOf(request).user.id) }),
  });

  defineRoute(app, 'putAddress', {
    handler: async (request) => {
      // The contract checked types and bounds; the shared rules add what a person can fix field by field.
      const fields = validateAddress(request.body);
      if (Object.keys(fields).length > 0) throw badRequest('Please check the delivery address.', fields as Record<string, string>);
      const address = cleanAddress({ ...request.body, line2: request.body.line2 });
      await saveAddress(app.db, sessionOf(request).user.id, address);
      return { address };
    },
  });
}
