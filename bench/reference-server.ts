import Fastify from 'fastify';

// The reference every figure is divided by: bare Fastify answering { hello: 'world' } on this machine.
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
