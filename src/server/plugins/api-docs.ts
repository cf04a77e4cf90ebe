import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same zod schemas the routes validate with; browsable at /api/docs. */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Trillium API',
        description: 'The API behind Trillium, the local-services marketplace for Ontario.',
        version: '1.0.0',
      },
      tags: [
        { name: 'system', description: 'Health' },
        { name: 'catalog', description: 'Categories, providers, reviews and search' },
        { name: 'content', description: 'Promotions and announcements' },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
