/** The blog and the recipes as anyone reads them: lists, single pieces, the cookbook, cover pictures and Ghost's posts. */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors';
import { cookbookPdf } from '../../services/content/cookbook-pdf';
import { GHOST_POST_NOT_FOUND, ghostPostBySlug } from '../../services/content/ghost';
import { defineRoute } from '../define-route';
import { contentImageBytes, cookbook, cookbookVersion, listPosts, listRecipes, postBySlug, recipeBySlug, relatedPosts } from './queries';

const POST_NOT_FOUND = 'There is no such post.';
const RECIPE_NOT_FOUND = 'There is no such recipe.';

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  /** The last cookbook made by this process, kept until a published recipe changes. */
  let cookbookFile: { version: string; pdf: Promise<Buffer> } | undefined;

  defineRoute(app, 'listPosts', {
    handler: async (request) => {
      const { q, tag, limit = 12, offset = 0 } = request.query;
      return listPosts(app.db, { q, tag, limit, offset });
    },
  });

  defineRoute(app, 'getPost', {
    handler: async (request) => {
      const post = await postBySlug(app.db, request.params.slug);
      if (!post) throw notFound(POST_NOT_FOUND);
      return { post, related: await relatedPosts(app.db, post) };
    },
  });

  defineRoute(app, 'getGhostPost', {
    handler: async (request) => {
      const { slug } = request.params;
      const ghost = app.config.ghost;
      if (ghost) {
        const post = await ghostPostBySlug(ghost, slug, request.log);
        if (!post) throw notFound(GHOST_POST_NOT_FOUND);
        return { post, source: 'ghost' as const };
      }
      const post = await postBySlug(app.db, slug);
      if (!post) throw notFound(POST_NOT_FOUND);
      return { post, source: 'store' as const };
    },
  });

  defineRoute(app, 'listRecipes', {
    handler: async (request) => {
      const { limit = 12, offset = 0, ...filters } = request.query;
      return listRecipes(app.db, { ...filters, limit, offset });
    },
  });

  defineRoute(app, 'getRecipe', {
    handler: async (request) => {
      const recipe = await recipeBySlug(app.db, request.params.slug);
      if (!recipe) throw notFound(RECIPE_NOT_FOUND);
      return { recipe };
    },
  });

  defineRoute(app, 'getCookbook', {
    handler: async () => ({ courses: await cookbook(app.db) }),
  });

  defineRoute(app, 'getCookbookPdf', {
    handler: async (_request, reply) => {
      const version = await cookbookVersion(app.db);
      let file = cookbookFile;
      if (file?.version !== version) {
        const making = cookbook(app.db).then((sections) => cookbookPdf(sections, app.config.seller.name));
        file = { version, pdf: making };
        cookbookFile = file;
        // A failed making is not kept: the next request tries again.
        making.catch(() => {
          if (cookbookFile?.pdf === making) cookbookFile = undefined;
        });
      }
      const pdf = await file.pdf;
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="gut360-cookbook.pdf"')
        .header('cache-control', 'public, no-cache')
        .send(pdf);
    },
  });

  defineRoute(app, 'getContentImage', {
    handler: async (request, reply) => {
      const bytes = await contentImageBytes(app.db, request.params.id);
      if (!bytes) throw notFound('There is no such picture.');
      // A picture's address never serves other bytes: a new picture gets a new id.
      return reply
        .type('image/webp')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(bytes);
    },
  });
}
