import type { FastifyInstance } from 'fastify';
import { cleanAddress, validateAddress, type AddressField, type DeliveryAddress } from '../../../machines/address';
import { badRequest } from '../../errors';
import { requireUser, sessionOf } from '../../plugins/auth';
import { saveAddress, savedAddress } from './queries';

export async function addressRoutes(app: FastifyInstance): Promise<void> {
  app.route({
    ...app.contract.route('getAddress'),
    onRequest: requireUser,
    handler: async (request) => ({ address: await savedAddress(app.db, sessionOf(request).user.id) }),
  });

  app.route({
    ...app.contract.route('putAddress'),
    onRequest: requireUser,
    handler: async (request) => {
      // The contract checked types and bounds; the shared rules add what a person can fix field by field.
      const body = request.body as DeliveryAddress;
      const fields = validateAddress(body);
      if (Object.keys(fields).length > 0) throw badRequest('Please check the delivery address.', fields as Record<string, string>);
      const address = cleanAddress(body as Record<AddressField, string | undefined>);
      await saveAddress(app.db, sessionOf(request).user.id, address);
      return { address };
    },
  });
}
