import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors';
import { actorOf } from '../../services/audit';
import { acceptImageBodies, encodeUploadedImage, imageUploadOptions } from '../../services/images';
import { defineRoute } from '../define-route';
import { createProduct, deleteProduct, insertProductImage, listStaffProducts, PRODUCT_NOT_FOUND, staffProduct, updateProduct } from './queries';

/** Every type is read as bytes: what the picture is comes from its content, whatever the request declares. */
async function uploadRoutes(app: FastifyInstance): Promise<void> {
  acceptImageBodies(app);

  defineRoute(app, 'uploadProductImage', {
    ...imageUploadOptions,
    handler: async (request, reply) => {
      const encoded = await encodeUploadedImage(request.body);
      const image = await app.db.transaction((tx) => insertProductImage(tx, actorOf(request), encoded));
      return reply.code(201).send({ image });
    },
  });
}

export async function adminProductRoutes(app: FastifyInstance): Promise<void> {
  const answer = async (id: string) => {
    const product = await staffProduct(app.db, id);
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    return { product };
  };

  defineRoute(app, 'listStaffProducts', {
    handler: async (request) => {
      const { sort = 'sort', limit = 20, offset = 0, q, status } = request.query;
      return listStaffProducts(app.db, { q, status, sort, limit, offset });
    },
  });

  defineRoute(app, 'getStaffProduct', {
    handler: async (request) => answer(request.params.id),
  });

  defineRoute(app, 'createProduct', {
    handler: async (request, reply) => {
      const id = await app.db.transaction((tx) => createProduct(tx, actorOf(request), request.body));
      app.catalogue.invalidate();
      return reply.code(201).send(await answer(id));
    },
  });

  defineRoute(app, 'updateProduct', {
    handler: async (request) => {
      const { id } = request.params;
      await app.db.transaction((tx) => updateProduct(tx, actorOf(request), id, request.body));
      app.catalogue.invalidate();
      return answer(id);
    },
  });

  defineRoute(app, 'deleteProduct', {
    handler: async (request) => {
      await app.db.transaction((tx) => deleteProduct(tx, actorOf(request), request.params.id));
      app.catalogue.invalidate();
      return { message: 'The product was deleted.' };
    },
  });

  await app.register(uploadRoutes);
}
